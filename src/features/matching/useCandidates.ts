import { useEffect, useState } from 'react';
import type { TutorCandidate } from '@/shared/domain/derived/tutorIndex';
import { toAppError, type AppError } from '@/shared/errors';
import { database } from '@/shared/firebase';
import { watchCandidates } from './candidatesApi';

/** The state of one subject's candidates (see useCandidates). */
export interface CandidatesState {
  /** The subject's index entries; empty while loading or after an error. */
  candidates: TutorCandidate[];
  loading: boolean;
  error: AppError | null;
  /** Listens again after an error. */
  retry: () => void;
}

/**
 * The candidates of `subjectId` from the index `tutorsBySubject/{subjectId}`, followed live while
 * the component is mounted on that subject; the listener is detached on a subject change and on
 * unmount.
 */
export function useCandidates(subjectId: string): CandidatesState {
  const [state, setState] = useState<{
    subjectId: string;
    candidates: TutorCandidate[];
    error: AppError | null;
  } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!subjectId) return undefined;
    let detach: (() => void) | undefined;
    let mounted = true;
    const fail = (error: unknown) =>
      setState({ subjectId, candidates: [], error: toAppError(error) });
    database().then((db) => {
      if (mounted)
        detach = watchCandidates(
          db,
          subjectId,
          (candidates) => setState({ subjectId, candidates, error: null }),
          fail,
        );
    }, fail);
    return () => {
      mounted = false;
      detach?.();
    };
  }, [subjectId, attempt]);

  // A state of another subject (or of none yet) is not this subject's: still loading.
  const current = state?.subjectId === subjectId ? state : null;
  return {
    candidates: current?.candidates ?? EMPTY,
    loading: !!subjectId && !current,
    error: current?.error ?? null,
    retry: () => {
      setState(null);
      setAttempt((n) => n + 1);
    },
  };
}

const EMPTY: TutorCandidate[] = [];
