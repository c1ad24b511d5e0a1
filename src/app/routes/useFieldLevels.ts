import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { fieldLevels, selectFieldLevels } from '@/features/field-levels/fieldLevelsSlice';

/**
 * Every field level, obsolete ones included, sorted by `order` then name (spec section 3), for
 * pages of other features that show them (the subjects' level range). Loads them on mount, so a
 * level added meanwhile is offered.
 */
export function useFieldLevels() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(fieldLevels.fetchAll());
  }, [dispatch]);
  return useAppSelector(selectFieldLevels);
}
