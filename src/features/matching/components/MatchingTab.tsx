/**
 * The student's Subjects tab (spec section 3, Tutor mapping): per subject of the student's profile
 * level, the confirmed tutor and the candidate tutors ranked by rankTutors, each with its score and
 * reasons. The admin toggles suggestions and confirms at most one tutor; confirming another
 * replaces it and Remove clears it, each after a confirmation (the confirmed tutor loses the
 * student), always on both sides (matchingApi). The candidates come from the index of tutors by
 * subject (`tutorsBySubject/{subjectId}`, followed live: useCandidates), never by reading all
 * tutors, which at a large agency's size would be too slow.
 */
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { get, ref as dbRef } from 'firebase/database';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch } from '@/app/hooks';
import { listPath } from '@/shared/domain/derived/listRows';
import { referenceLabel, type ReferenceData } from '@/shared/domain/reference';
import { database } from '@/shared/firebase';
import { ConfirmDialog } from '@/shared/dialog/ConfirmDialog';
import { DataTable } from '@/shared/table/DataTable';
import { confirmTutor, toggleSuggested, type MatchChange } from '../matchingThunks';
import { rankTutors, type RankingStudent, type Reason, type RankedTutor } from '../rankTutors';
import { useCandidates } from '../useCandidates';

interface Row extends RankedTutor {
  name: string;
  email: string;
}

const column = createColumnHelper<Row>();
const filterText = (r: Row) => [r.name, r.email, r.tutorId];

/** What the tab reads of the student (a Student of features/people satisfies it). */
export interface MatchingStudent extends RankingStudent {
  id: string;
  profileLevel?: RankingStudent['profileLevel'] & { subjects: Record<string, unknown> };
  /** subject id -> the suggested tutors (id -> true) and the confirmed one. */
  tutorMapping?: Record<
    string,
    { suggested?: Record<string, true>; confirmed?: string | null } | undefined
  >;
}

export interface MatchingTabProps {
  student: MatchingStudent;
  /** The subjects and field levels (given by the app). */
  reference: ReferenceData;
  /** Called after a successful write, with the records it changed (the app refreshes them). */
  onChanged: (change: MatchChange) => void;
}

/** The Subjects tab; see the module comment. */
export function MatchingTab({ student, reference: ref, onChanged }: MatchingTabProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const subjectIds = Object.keys(student.profileLevel?.subjects ?? {});
  const [subjectId, setSubjectId] = useState(subjectIds[0] ?? '');
  const [busy, setBusy] = useState(false);
  // What waits for the admin's confirmation: removing the confirmed tutor, or replacing it.
  const [pending, setPending] = useState<{ replaceWith: Row | null } | null>(null);
  const { candidates, loading, error, retry } = useCandidates(subjectId);

  const mapping = student.tutorMapping?.[subjectId];
  const confirmed = mapping?.confirmed ?? null;
  const suggested = useMemo(() => mapping?.suggested ?? {}, [mapping]);
  const confirmedName = useTutorName(
    confirmed,
    candidates.find((c) => c.id === confirmed)?.name,
    loading,
  );

  const rows = useMemo<Row[]>(() => {
    const byId = new Map(candidates.map((c) => [c.id, c]));
    return rankTutors(student, candidates, ref.allFieldLevels).map((r) => ({
      ...r,
      name: byId.get(r.tutorId)?.name ?? r.tutorId,
      email: byId.get(r.tutorId)?.email ?? '',
    }));
  }, [student, candidates, ref.allFieldLevels]);

  /** Runs a matching thunk; on success the app refreshes the records it changed. */
  const run = useCallback(
    async (action: () => Promise<{ payload?: unknown; error?: unknown }>) => {
      setBusy(true);
      try {
        const result = await action();
        if (!('error' in result)) onChanged(result.payload as MatchChange);
      } finally {
        setBusy(false);
      }
    },
    [onChanged],
  );

  /** ' (+21.9 of 25)' after a reason; nothing for the level check, which gives no points. */
  const pointsText = useCallback(
    (r: Reason): string =>
      r.max === 0
        ? ''
        : ` (${intl.formatMessage(
            { id: 'Matching.reasonPoints' },
            { points: intl.formatNumber(r.points), max: intl.formatNumber(r.max) },
          )})`,
    [intl],
  );

  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      column.accessor('name', {
        header: intl.formatMessage({ id: 'People.name' }),
      }) as ColumnDef<Row, unknown>,
      column.accessor('email', {
        header: intl.formatMessage({ id: 'People.email' }),
      }) as ColumnDef<Row, unknown>,
      column.accessor('score', {
        header: intl.formatMessage({ id: 'Matching.score' }),
        meta: { className: 'has-text-right' },
      }) as ColumnDef<Row, unknown>,
      column.display({
        id: 'reasons',
        header: intl.formatMessage({ id: 'Matching.reasons' }),
        meta: {
          csv: (row) =>
            row.reasons
              .map((r) => `${intl.formatMessage({ id: r.id })}${pointsText(r)}`)
              .join('; '),
        },
        cell: ({ row }) => (
          <ul className="is-size-7">
            {row.original.reasons.map((r) => (
              <li key={r.id}>
                <FormattedMessage id={r.id} />
                {pointsText(r)}
              </li>
            ))}
          </ul>
        ),
      }) as ColumnDef<Row, unknown>,
      column.display({
        id: 'actions',
        header: intl.formatMessage({ id: 'People.actions' }),
        meta: { csv: false },
        cell: ({ row }) => {
          const t = row.original;
          const isSuggested = !!suggested[t.tutorId];
          const isConfirmed = confirmed === t.tutorId;
          return (
            <div className="buttons are-small">
              <button
                type="button"
                className={`button ${isSuggested ? 'is-info' : 'is-light'}`}
                aria-pressed={isSuggested}
                disabled={busy}
                aria-label={intl.formatMessage({ id: 'Matching.suggestOf' }, { name: t.name })}
                onClick={() =>
                  void run(() =>
                    dispatch(
                      toggleSuggested({
                        studentId: student.id,
                        subjectId,
                        tutorId: t.tutorId,
                        suggested: !isSuggested,
                      }),
                    ),
                  )
                }
              >
                <FormattedMessage id="Matching.suggest" />
              </button>
              {isConfirmed ? (
                <span className="tag is-success">
                  <FormattedMessage id="Matching.confirmed" />
                </span>
              ) : (
                <button
                  type="button"
                  className="button is-success is-light"
                  disabled={busy}
                  aria-label={intl.formatMessage({ id: 'Matching.confirmOf' }, { name: t.name })}
                  onClick={() =>
                    confirmed
                      ? setPending({ replaceWith: t })
                      : void run(() =>
                          dispatch(
                            confirmTutor({ studentId: student.id, subjectId, tutorId: t.tutorId }),
                          ),
                        )
                  }
                >
                  <FormattedMessage id="Matching.confirm" />
                </button>
              )}
            </div>
          );
        },
      }) as ColumnDef<Row, unknown>,
    ],
    [
      intl,
      suggested,
      confirmed,
      busy,
      dispatch,
      student.id,
      subjectId,
      pointsText,
      run,
      setPending,
    ],
  );

  if (subjectIds.length === 0) {
    return (
      <p className="notification is-info is-light">
        <FormattedMessage id="Matching.noSubjects" />
      </p>
    );
  }

  // A deleted subject is named as such, never by its raw id.
  const subjectName = (id: string) =>
    referenceLabel(ref.allSubjects, id, intl.formatMessage({ id: 'References.deleted' }));
  return (
    <div>
      <div className="field">
        <label className="label" htmlFor="matching-subject">
          <FormattedMessage id="Matching.subject" />
        </label>
        <div className="select">
          <select
            id="matching-subject"
            value={subjectId}
            onChange={(e) => setSubjectId(e.target.value)}
          >
            {subjectIds.map((id) => (
              <option key={id} value={id}>
                {subjectName(id)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="mb-3" role="status">
        {confirmed ? (
          <>
            <FormattedMessage
              id="Matching.confirmedTutor"
              values={{ name: confirmedName, subject: subjectName(subjectId) }}
            />
            <button
              type="button"
              className="button is-small is-danger is-light ml-3"
              disabled={busy}
              onClick={() => setPending({ replaceWith: null })}
            >
              <FormattedMessage id="Matching.remove" />
            </button>
          </>
        ) : (
          <FormattedMessage
            id="Matching.noConfirmed"
            values={{ subject: subjectName(subjectId) }}
          />
        )}
      </p>
      <DataTable<Row>
        data={rows}
        columns={columns}
        getRowId={(r) => r.tutorId}
        filterText={filterText}
        label={intl.formatMessage(
          { id: 'Matching.candidates' },
          { subject: subjectName(subjectId) },
        )}
        csvFileName={`candidates-${subjectId}`}
        loading={loading}
        error={error}
        onRetry={retry}
      />
      <ConfirmDialog
        open={pending !== null}
        body={
          pending?.replaceWith ? (
            <FormattedMessage
              id="Matching.replaceBody"
              values={{
                name: confirmedName,
                next: pending.replaceWith.name,
                subject: subjectName(subjectId),
              }}
            />
          ) : (
            <FormattedMessage id="Matching.removeBody" />
          )
        }
        confirmLabel={
          <FormattedMessage id={pending?.replaceWith ? 'Matching.replace' : 'Matching.remove'} />
        }
        loading={busy}
        onCancel={() => setPending(null)}
        onConfirm={() =>
          void run(async () => {
            const result = await dispatch(
              confirmTutor({
                studentId: student.id,
                subjectId,
                tutorId: pending?.replaceWith?.tutorId ?? null,
              }),
            );
            setPending(null);
            return result;
          })
        }
      />
    </div>
  );
}

/**
 * The name of the confirmed tutor: `known` (from the subject's index) when given, else its list
 * row's name (`lists/tutors/{id}/name`: an inactive tutor has no index entry), else the id.
 */
function useTutorName(id: string | null, known: string | undefined, loading: boolean): string {
  const [read, setRead] = useState<{ id: string; name: string } | null>(null);
  useEffect(() => {
    if (!id || known !== undefined || loading) return undefined;
    let mounted = true;
    void database()
      .then((db) => get(dbRef(db, `${listPath('tutors')}/${id}/name`)))
      .then((snap) => {
        if (mounted && typeof snap.val() === 'string') setRead({ id, name: snap.val() as string });
      })
      .catch(() => undefined); // the id stays shown
    return () => {
      mounted = false;
    };
  }, [id, known, loading]);
  if (!id) return '';
  return known ?? (read?.id === id ? read.name : id);
}
