import { useEffect, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import type { ReferenceData } from '@/shared/domain/reference';
import { fieldLevels } from '@/features/field-levels/fieldLevelsSlice';
import { levels } from '@/features/levels/levelsSlice';
import { schools } from '@/features/schools/schoolsSlice';
import { subjects } from '@/features/subjects/subjectsSlice';

const byOrder = <T extends { order: number; name: string }>(a: T, b: T) =>
  a.order - b.order || a.name.localeCompare(b.name);

/**
 * The reference data the profile-level and matching tabs choose from (shared/domain/reference):
 * field levels, schools, subjects (non-obsolete, by `order`, spec section 3) and browsing levels.
 * Loads each list from its slice once when the store has none. The app gives the result to the
 * people and matching features as a prop.
 */
export function useReferenceData(): ReferenceData {
  const dispatch = useAppDispatch();
  const fieldLevelState = useAppSelector((s) => s.fieldLevels);
  const schoolState = useAppSelector((s) => s.schools);
  const subjectState = useAppSelector((s) => s.subjects);
  const levelState = useAppSelector((s) => s.levels);

  useEffect(() => {
    if (fieldLevelState.ids.length === 0) void dispatch(fieldLevels.fetchAll());
    if (schoolState.ids.length === 0) void dispatch(schools.fetchAll());
    if (subjectState.ids.length === 0) void dispatch(subjects.fetchAll());
    if (levelState.ids.length === 0) void dispatch(levels.fetchAll());
    // Once per mount: a list that is still empty after loading must not be fetched in a loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch]);

  return useMemo(
    () => ({
      allFieldLevels: fieldLevels.selectors.selectAll(fieldLevelState),
      fieldLevels: fieldLevels.selectors
        .selectAll(fieldLevelState)
        .filter((l) => !l.isObsolete)
        .sort(byOrder),
      schools: schools.selectors
        .selectAll(schoolState)
        .filter((s) => !s.isObsolete)
        .sort(byOrder),
      subjects: subjects.selectors
        .selectAll(subjectState)
        .filter((s) => !s.isObsolete)
        .sort(byOrder),
      browsingLevels: levels.selectors.selectAll(levelState).slice().sort(byOrder),
      allSubjects: subjects.selectors.selectAll(subjectState),
      allSchools: schools.selectors.selectAll(schoolState),
    }),
    [fieldLevelState, schoolState, subjectState, levelState],
  );
}
