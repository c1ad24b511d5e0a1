/**
 * The student or tutor form page (spec sections 2 and 4): create mode on /<path>/new, edit mode
 * on /<path>/{id}. The record is loaded once and then followed: another admin's change or
 * deletion shows on the forms (useRemoteChanges); a failed load goes back to the list. Tabs after
 * Basic Profile stay disabled until the record exists; a person just created opens on Profile
 * Level. The open tab is in the URL (`?tab=level`), so a reload or a shared link opens it again,
 * and the title names the person ('Edit Student: Ana').
 */
import { useEffect, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import type { Student } from '@/features/people/students/types';
import type { Tutor } from '@/features/people/tutors/types';
import type { ReferenceData } from '@/shared/domain/reference';
import type { PersonKind } from '../kinds';
import { PersonBasicForm } from './PersonBasicForm';
import { ProfileLevelForm } from './ProfileLevelForm';
import { useCreatedState } from '@/shared/forms/useCreatedState';
import { RemoteChangesContext, useRemoteChanges } from '@/shared/forms/useRemoteChanges';
import { PageCard } from '@/shared/lists/PageCard';
import { listReturnPath } from '@/shared/table/listState';
import { Tabs, type TabSpec } from '@/shared/Tabs';
import { useTabParam } from '@/shared/useTabParam';

export interface PersonFormPageProps<P extends Student | Tutor> {
  kind: PersonKind<P>;
  /**
   * Tabs after Profile Level, composed by the app (Test result; the student's Subjects), given
   * the stored person.
   */
  extraTabs?: (person: P | undefined) => TabSpec[];
  /** Shown below the tabs for an existing person (the tutor's matched students). */
  footer?: (person: P) => ReactNode;
  /** The lists the Profile Level tab chooses from, given by the app. */
  reference: ReferenceData;
}

/** The form page, keyed by the route's id so a created person's edit page starts afresh. */
export function PersonFormPage<P extends Student | Tutor>(props: PersonFormPageProps<P>) {
  const { id } = useParams();
  return <PersonPage key={id ?? 'new'} id={id} {...props} />;
}

function PersonPage<P extends Student | Tutor>({
  id,
  kind,
  extraTabs,
  footer,
  reference,
}: PersonFormPageProps<P> & { id: string | undefined }) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { path, area } = kind;
  const created = useCreatedState();
  const stored = useAppSelector((s) => (id ? s[path].entities[id] : undefined)) as P | undefined;
  const [loaded, setLoaded] = useState(!id);
  const remote = useRemoteChanges<P>(path, id, loaded ? stored : undefined);
  const person = remote.record ?? undefined;
  const [tab, setTab] = useTabParam(created ? 'level' : 'basic', 'basic');

  useEffect(() => {
    if (!id) return;
    let active = true;
    void dispatch(kind.entity.fetchOne(id)).then((result) => {
      if (!active) return;
      if (result.meta.requestStatus === 'rejected')
        void navigate(listReturnPath(`/${path}`), { replace: true });
      else setLoaded(true);
    });
    return () => {
      active = false;
    };
  }, [id, kind, dispatch, navigate, path]);

  const exists = !!person;
  const tabs: TabSpec[] = [
    {
      key: 'basic',
      label: 'People.basicProfile',
      content: loaded ? (
        <PersonBasicForm key={person?.id ?? 'new'} kind={kind} person={person} />
      ) : null,
    },
    {
      key: 'level',
      label: 'People.profileLevel',
      disabled: !exists,
      content: person ? (
        <ProfileLevelForm kind={kind} person={person} reference={reference} />
      ) : null,
    },
    ...(extraTabs?.(person) ?? []),
  ];

  return (
    <PageCard
      title={id ? (person ? `${area}.editNamed` : `${area}.edit`) : `${area}.new`}
      titleValues={person ? { name: person.name } : undefined}
    >
      {id && !loaded ? (
        <p role="status">
          <FormattedMessage id="Common.loading" />
        </p>
      ) : (
        <RemoteChangesContext.Provider value={id ? remote : null}>
          <Tabs idPrefix={path} tabs={tabs} selected={tab} onSelect={setTab} />
        </RemoteChangesContext.Provider>
      )}
      {person && footer?.(person)}
      <Link className="button is-light mt-4" to={listReturnPath(`/${path}`)}>
        <FormattedMessage id="Common.goBack" />
      </Link>
    </PageCard>
  );
}
