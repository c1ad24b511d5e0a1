import type { TestResultReset } from '@/features/test-results/components/TestResultTab';
import { TestResultTab } from '@/features/test-results/components/TestResultTab';
import type { PersonBase } from '@/shared/domain/person';
import type { TabSpec } from '@/shared/Tabs';

/**
 * The Test result tab of a student or tutor page (spec section 2: the multiple-intelligence
 * test), disabled until the person exists.
 * @param reset saves the cleared fields through the person's slice (`kind.entity.modify`).
 */
export function testResultTab(
  person: Pick<PersonBase, 'id' | 'isTested' | 'testResult'> | undefined,
  reset: (id: string, changes: TestResultReset) => Promise<unknown>,
): TabSpec {
  return {
    key: 'test',
    label: 'People.testResult',
    disabled: !person,
    content: person ? (
      <TestResultTab
        id={person.id}
        isTested={person.isTested ?? false}
        testResult={person.testResult ?? null}
        onReset={(changes) => reset(person.id, changes)}
      />
    ) : null,
  };
}
