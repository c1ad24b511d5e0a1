/**
 * The import boundaries hold: the lint config itself is run, through ESLint's Node
 * API, on deliberate violations placed at real paths of the source tree, and on their allowed
 * counterparts, so a config that stopped enforcing them fails here.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The messages of the boundary rules for `code` linted as if it were the file at `filePath`. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'import-x/no-cycle')
    .map((m) => `${m.ruleId}: ${m.message}`);
}

describe('import boundaries', () => {
  it('refuses a feature importing another feature', async () => {
    const errors = await boundaryErrors(
      'src/features/schools/components/Deliberate.ts',
      "import { users } from '@/features/users/usersSlice';\nexport const x = users;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Features do not import each other/);
  });

  it('refuses a feature importing the app beyond its store hooks', async () => {
    const errors = await boundaryErrors(
      'src/features/schools/components/Deliberate.ts',
      "import { router } from '@/app/router';\nexport const x = router;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/store hooks/);
  });

  it('allows a feature its own files, shared and the typed store hooks', async () => {
    const errors = await boundaryErrors(
      'src/features/schools/components/Deliberate.ts',
      [
        "import { schools } from '../schoolsSlice';",
        "import { useAppDispatch } from '@/app/hooks';",
        "import { Form } from '@/shared/forms/Form';",
        'export const x = [schools, useAppDispatch, Form];',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('refuses shared importing a feature or the app', async () => {
    const errors = await boundaryErrors(
      'src/shared/forms/Deliberate.ts',
      "import { schools } from '@/features/schools/schoolsSlice';\nexport const x = schools;\n",
    );
    expect(errors.length).toBeGreaterThanOrEqual(1);
  });
});
