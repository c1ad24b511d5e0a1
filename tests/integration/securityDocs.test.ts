/**
 * docs/security.md shows the same table the rules matrices assert: the part
 * between its markers must be exactly what `npm run docs:security` (scripts/securityDocs.ts)
 * renders from tests/support/rulesTable.ts, and the hand-written prose around it is kept. No
 * backend needed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BEGIN_MARKER,
  END_MARKER,
  SECURITY_DOC,
  renderDocument,
  renderTables,
} from '../../scripts/securityDocs';
import { cellCount, databaseTable, storageTable } from '../support/rulesTable';

const current = readFileSync(SECURITY_DOC, 'utf8');

describe('docs/security.md', () => {
  it('is up to date with tests/support/rulesTable.ts (else: npm run docs:security)', async () => {
    expect(await renderDocument(current)).toBe(current);
  });

  it('states the number of cells the matrices assert', () => {
    const cells = [...databaseTable, ...storageTable].reduce((n, b) => n + cellCount(b.cases), 0);
    expect(cells).toBeGreaterThan(700);
    expect(current).toContain(`${cells} cells:`);
  });

  it('a changed expectation changes the document, so a stale one fails the check above', async () => {
    const [users, ...others] = databaseTable;
    const first = users!.cases[0]!;
    const flipped = [
      { ...users!, cases: [{ ...first, expect: { ...first.expect, nonAdmin: 'allow' as const } }] },
      ...others,
    ];
    expect(await renderDocument(current, renderTables(flipped))).not.toBe(current);
  });

  it('a hand edit between the markers is overwritten, and prose outside them is kept', async () => {
    const tampered = current
      .replace('| whole list ', '| whole list (edited) ')
      .replace('## Roles', '## Roles\n\nA note written by hand.');
    const rendered = await renderDocument(tampered);
    expect(rendered).not.toContain('whole list (edited)');
    expect(rendered).toContain('A note written by hand.');
  });

  it('refuses a document without its markers', async () => {
    await expect(renderDocument(current.replace(END_MARKER, ''))).rejects.toThrow(/markers/);
    expect(current.indexOf(BEGIN_MARKER)).toBeLessThan(current.indexOf(END_MARKER));
  });
});
