/**
 * The student or tutor form page (spec sections 2 and 4): create mode on /<path>/new, edit mode
 * on /<path>/{id}. The record is loaded once; a failed load goes back to the list. Tabs after
 * Basic Profile stay disabled until the record exists.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { students } from '@/features/students/studentsSlice';
import type { Student } from '@/features/students/types';
import { TestResultTab } from '@/features/test-results/components/TestResultTab';
import { tutors } from '@/features/tutors/tutorsSlice';
import type { Tutor } from '@/features/tutors/types';
import type { PersonPath } from '../personApi';
import { PersonBasicForm } from './PersonBasicForm';
import { ProfileLevelForm } from './ProfileLevelForm';
import { PageCard } from '@/shared/lists/PageCard';
import { Tabs, type TabSpec } from '@/shared/Tabs';

export interface PersonFormPageProps {
  path: PersonPath;
  /** Tabs after Test result (the student's Subjects), given the stored person. */
  extraTabs?: (person: Student | Tutor | undefined) => TabSpec[];
  /** Shown below the tabs for an existing person (the tutor's matched students). */
  footer?: (person: Student | Tutor) => ReactNode;
}

/** The form page; see the module comment. */
export function PersonFormPage({ path, extraTabs, footer }: PersonFormPageProps) {
  const { id } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const isTutor = path === 'tutors';
  const area = isTutor ? 'Tutors' : 'Students';
  const person = useAppSelector((s) =>
    id ? (isTutor ? s.tutors.entities[id] : s.students.entities[id]) : undefined,
  ) as Student | Tutor | undefined;
  const [loaded, setLoaded] = useState(!id);
  const [tab, setTab] = useState('basic');

  useEffect(() => {
    if (!id) return;
    let active = true;
    const load = isTutor ? dispatch(tutors.fetchOne(id)) : dispatch(students.fetchOne(id));
    void load.then((result) => {
      if (!active) return;
      if (result.meta.requestStatus === 'rejected') navigate(`/${path}`, { replace: true });
      else setLoaded(true);
    });
    return () => {
      active = false;
    };
  }, [id, isTutor, dispatch, navigate, path]);

  const exists = !!person;
  const tabs: TabSpec[] = [
    {
      key: 'basic',
      label: 'People.basicProfile',
      content: loaded ? (
        <PersonBasicForm key={person?.id ?? 'new'} path={path} person={person} />
      ) : null,
    },
    {
      key: 'level',
      label: 'People.profileLevel',
      disabled: !exists,
      content: person ? <ProfileLevelForm path={path} person={person} /> : null,
    },
    {
      key: 'test',
      label: 'People.testResult',
      disabled: !exists,
      content: person ? (
        <TestResultTab
          entity={path}
          id={person.id}
          isTested={person.isTested ?? false}
          testResult={person.testResult ?? null}
        />
      ) : null,
    },
    ...(extraTabs?.(person) ?? []),
  ];

  return (
    <PageCard title={id ? `${area}.edit` : `${area}.new`}>
      {id && !loaded ? (
        <p role="status">
          <FormattedMessage id="Common.loading" />
        </p>
      ) : (
        <Tabs idPrefix={path} tabs={tabs} selected={tab} onSelect={setTab} />
      )}
      {person && footer?.(person)}
      <Link className="button is-light mt-4" to={`/${path}`}>
        <FormattedMessage id="Common.goBack" />
      </Link>
    </PageCard>
  );
}
