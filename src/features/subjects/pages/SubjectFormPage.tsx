/**
 * /subjects/new and /subjects/:id (spec sections 2, 4 and 5): the subject form with two tabs,
 * Basic Info and Settings; Settings is disabled until the subject exists. A failed load
 * redirects to the list, and so does a successful save of either tab.
 */
import { useEffect, useState, type KeyboardEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useParams } from 'react-router-dom';
import { useAppDispatch } from '@/app/hooks';
import { fieldLevels } from '@/features/field-levels/fieldLevelsSlice';
import { LoadingStatus } from '@/shared/forms/LoadingStatus';
import { useEntityForm } from '@/shared/forms/useEntityForm';
import { PageCard } from '@/shared/lists/PageCard';
import { SubjectBasicForm } from '../components/SubjectBasicForm';
import { SubjectSettingsForm } from '../components/SubjectSettingsForm';
import { subjects } from '../subjectsSlice';
import { emptySubjectBasic, settingsToForm, subjectToBasic } from '../validation';

type Tab = 'basic' | 'settings';
const TABS: readonly Tab[] = ['basic', 'settings'];

export default function SubjectFormPage() {
  const { id } = useParams();
  const dispatch = useAppDispatch();
  const form = useEntityForm(subjects, id, '/subjects');
  const [tab, setTab] = useState<Tab>('basic');
  const exists = Boolean(id && form.record);

  useEffect(() => {
    // The level range offers field levels.
    void dispatch(fieldLevels.fetchAll());
  }, [dispatch]);

  // Arrow keys move between enabled tabs (WAI-ARIA tabs pattern).
  const onTabKey = (event: KeyboardEvent) => {
    if (!exists || (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft')) return;
    const next = tab === 'basic' ? 'settings' : 'basic';
    setTab(next);
    document.getElementById(`subject-tab-${next}`)?.focus();
  };

  const loading = form.loadingRecord || (id && !form.record);

  return (
    <PageCard title={id ? 'Subjects.editTitle' : 'Subjects.newTitle'}>
      <div className="tabs">
        <ul role="tablist" onKeyDown={onTabKey}>
          {TABS.map((t) => (
            <li key={t} className={tab === t ? 'is-active' : undefined} role="presentation">
              <button
                type="button"
                role="tab"
                id={`subject-tab-${t}`}
                className="button is-white"
                aria-selected={tab === t}
                aria-controls={`subject-panel-${t}`}
                tabIndex={tab === t ? 0 : -1}
                disabled={t === 'settings' && !exists}
                onClick={() => setTab(t)}
              >
                <FormattedMessage id={`Subjects.tab.${t}`} />
              </button>
            </li>
          ))}
        </ul>
      </div>
      {loading ? (
        <LoadingStatus />
      ) : (
        <>
          {/* Both panels stay mounted, so switching tabs keeps unsaved input. */}
          <div
            role="tabpanel"
            id="subject-panel-basic"
            aria-labelledby="subject-tab-basic"
            hidden={tab !== 'basic'}
          >
            <SubjectBasicForm
              initial={form.record ? subjectToBasic(form.record) : emptySubjectBasic}
              submitting={form.submitting}
              onSubmit={(input) =>
                void (id
                  ? form.modify({ id, changes: input })
                  : form.create({ ...input, createdAt: Date.now() }))
              }
            />
          </div>
          {id && form.record && (
            <div
              role="tabpanel"
              id="subject-panel-settings"
              aria-labelledby="subject-tab-settings"
              hidden={tab !== 'settings'}
            >
              <SubjectSettingsForm
                initial={settingsToForm(form.record.settings)}
                submitting={form.submitting}
                onSubmit={(settings) => void form.modify({ id, changes: { settings } })}
              />
            </div>
          )}
        </>
      )}
    </PageCard>
  );
}
