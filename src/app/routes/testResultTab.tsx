import type { PersonPath } from '@/features/people/personApi';
import { TestResultTab } from '@/features/test-results/components/TestResultTab';
import type { PersonBase } from '@/shared/domain/person';
import type { TabSpec } from '@/shared/Tabs';

/**
 * The Test result tab of a student or tutor page (spec section 2: the multiple-intelligence
 * test), disabled until the person exists.
 */
export function testResultTab(
  path: PersonPath,
  person: Pick<PersonBase, 'id' | 'isTested' | 'testResult'> | undefined,
): TabSpec {
  return {
    key: 'test',
    label: 'People.testResult',
    disabled: !person,
    content: person ? (
      <TestResultTab
        entity={path}
        id={person.id}
        isTested={person.isTested ?? false}
        testResult={person.testResult ?? null}
      />
    ) : null,
  };
}
