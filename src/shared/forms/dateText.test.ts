import { describe, expect, it } from 'vitest';
import { parseDisplayDate } from './dateText';

describe('parseDisplayDate', () => {
  it.each([
    ['01/02/2020', '2020-02-01'],
    [' 29/02/2024 ', '2024-02-29'],
    ['', null],
    ['01/02/20', undefined],
    ['31/02/2020', undefined],
    ['29/02/2023', undefined],
    ['15/13/2020', undefined],
    ['abc', undefined],
    ['1/2/2020', undefined],
    ['2020-02-01', undefined],
  ])('%j -> %j', (text, expected) => {
    expect(parseDisplayDate(text)).toBe(expected);
  });
});
