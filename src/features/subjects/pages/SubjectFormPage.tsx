/**
 * /subjects/new and /subjects/:id (spec sections 2, 4 and 5): the subject form with two tabs,
 * Basic Info and Settings; Settings is disabled until the subject exists. A new subject
 * continues on its edit page with Settings open; a failed load redirects to the list, and so
 * does a successful save of an existing subject. The open tab is in the URL (`?tab=settings`) and
 * the title names the subject. The level range offers field levels, which the app gives
 * (src/app/routes/SubjectFormPage.tsx).
 */
import { useParams } from 'react-router-dom';
import { LoadingStatus } from '@/shared/forms/LoadingStatus';
import { useEntityForm } from '@/shared/forms/useEntityForm';
import { RemoteChangesContext } from '@/shared/forms/useRemoteChanges';
import { useCreatedState } from '@/shared/forms/useCreatedState';
import { PageCard } from '@/shared/lists/PageCard';
import { Tabs } from '@/shared/Tabs';
import { useTabParam } from '@/shared/useTabParam';
import { SubjectBasicForm } from '../components/SubjectBasicForm';
import { SubjectSettingsForm } from '../components/SubjectSettingsForm';
import { subjects } from '../subjectsSlice';
import type { SubjectFieldLevel } from '../types';
import { emptySubjectBasic, settingsToForm, subjectToBasic } from '../validation';

const editPathOf = (subject: { id: string }) => `/subjects/${subject.id}`;

interface SubjectFormPageProps {
  /** Every field level, obsolete ones included, sorted by `order` (the level range's choices). */
  fieldLevels: readonly SubjectFieldLevel[];
}

/** The page; keyed by the route's id so a created subject's edit page starts afresh. */
export function SubjectFormPage({ fieldLevels }: SubjectFormPageProps) {
  const { id } = useParams();
  return <SubjectForm key={id ?? 'new'} id={id} fieldLevels={fieldLevels} />;
}

function SubjectForm({ id, fieldLevels }: SubjectFormPageProps & { id: string | undefined }) {
  const created = useCreatedState();
  const form = useEntityForm(subjects, id, '/subjects', editPathOf);
  const [tab, setTab] = useTabParam(created ? 'settings' : 'basic', 'basic');
  const exists = Boolean(id && form.record);

  const loading = form.loadingRecord || (id && !form.record);

  return (
    <PageCard
      title={
        id ? (form.record ? 'Subjects.editTitleNamed' : 'Subjects.editTitle') : 'Subjects.newTitle'
      }
      titleValues={form.record ? { name: form.record.name } : undefined}
    >
      <RemoteChangesContext.Provider value={id ? form.remote : null}>
        <Tabs
          idPrefix="subject"
          selected={tab}
          onSelect={setTab}
          tabs={[
            {
              key: 'basic',
              label: 'Subjects.tab.basic',
              content: loading ? (
                <LoadingStatus />
              ) : (
                <SubjectBasicForm
                  initial={form.record ? subjectToBasic(form.record) : emptySubjectBasic}
                  fieldLevels={fieldLevels}
                  submitting={form.submitting}
                  onSubmit={(input) =>
                    id
                      ? form.modify({ id, changes: input })
                      : form.create({ ...input, createdAt: Date.now() })
                  }
                />
              ),
            },
            {
              key: 'settings',
              label: 'Subjects.tab.settings',
              disabled: !exists,
              content:
                id && form.record ? (
                  <SubjectSettingsForm
                    initial={settingsToForm(form.record.settings)}
                    submitting={form.submitting}
                    onSubmit={(settings) => form.modify({ id, changes: { settings } })}
                  />
                ) : null,
            },
          ]}
        />
      </RemoteChangesContext.Provider>
    </PageCard>
  );
}
