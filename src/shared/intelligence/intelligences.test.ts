import { INTELLIGENCES, parseScores, ScoresError, topScores, wrapLabel } from './intelligences';

describe('the intelligence catalogue', () => {
  it('lists the eight types in the spec order, each with a distinct colour', () => {
    expect(INTELLIGENCES.map((t) => t.key)).toEqual([
      'linguistic',
      'mathematical',
      'musical',
      'visual',
      'kinesthetic',
      'interpersonal',
      'intrapersonal',
      'naturalistic',
    ]);
    expect(new Set(INTELLIGENCES.map((t) => t.color)).size).toBe(8);
  });
});

describe('parseScores', () => {
  it('reads eight comma-separated scores', () => {
    expect(parseScores('1,2,3,4,5,6,7,18')).toEqual([1, 2, 3, 4, 5, 6, 7, 18]);
    expect(parseScores(' 0, 2.5 ,3,4,5,6,7,8 ')).toEqual([0, 2.5, 3, 4, 5, 6, 7, 8]);
  });

  it.each([
    ['', 'empty', null],
    [undefined, 'empty', null],
    ['1,2,3', 'count', null],
    ['1,2,3,4,5,6,7,8,9', 'count', null],
    ['1,2,x,4,5,6,7,8', 'notNumber', 3],
    ['1,2,3,4,5,6,7,', 'notNumber', 8],
    ['1,2,3,4,0x1,6,7,8', 'notNumber', 5],
    ['1,-2,3,4,5,6,7,8', 'notNumber', 2],
    ['1,2,3,4,5,6,7,19', 'outOfRange', 8],
  ])('refuses %j as %s', (data, kind, position) => {
    let error: unknown;
    try {
      parseScores(data);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScoresError);
    expect((error as ScoresError).kind).toBe(kind);
    expect((error as ScoresError).position).toBe(position);
    expect((error as ScoresError).messageId).toBe(`Intelligence.error.${kind}`);
  });
});

describe('topScores', () => {
  it('gives the highest scores first, ties in catalogue order', () => {
    const top = topScores([3, 15, 7, 15, 2, 9, 1, 0], 3);
    expect(top.map((t) => [t.intelligence.key, t.score])).toEqual([
      ['mathematical', 15],
      ['visual', 15],
      ['interpersonal', 9],
    ]);
  });

  it('does not reorder its input', () => {
    const scores = [1, 2, 3, 4, 5, 6, 7, 8];
    topScores(scores, 3);
    expect(scores).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('the intelligence colours', () => {
  /** WCAG 2.1 relative luminance of '#rrggbb'. */
  const luminance = (hex: string): number => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };

  it('contrast at least 4.5:1 with white, as text on white and behind white text (WCAG AA)', () => {
    for (const t of INTELLIGENCES) {
      const ratio = 1.05 / (luminance(t.color) + 0.05);
      expect(ratio, `${t.key} ${t.color}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('wrapLabel', () => {
  it.each([
    ['Linguistic', ['Linguistic']],
    ['Mathematical', ['Mathe-', 'matical']],
    ['Interpersonal', ['Inter-', 'personal']],
    ['Intrapersonal', ['Intra-', 'personal']],
    ['Kinesthetic', ['Kinesthetic']],
    ['Lógico-matemática', ['Lógico-', 'matemática']],
    ['Corporal-cinestésica', ['Corporal-', 'cinestésica']],
    ['Visual-espacial', ['Visual-', 'espacial']],
    ['Naturalista', ['Naturalista']],
  ])('%s in lines of about 10 characters', (label, lines) => {
    expect(wrapLabel(label, 10)).toEqual(lines);
  });

  it('keeps short words together on a line and breaks a word with no syllable break', () => {
    expect(wrapLabel('Art and music', 10)).toEqual(['Art and', 'music']);
    expect(wrapLabel('Xxxxxxxxxxxxxx', 10)).toEqual(['Xxxxxxx-', 'xxxxxxx']);
  });

  it('leaves every name of both catalogues no longer than 12 characters a line', () => {
    const names = [
      ...['Linguistic', 'Mathematical', 'Musical', 'Visual', 'Kinesthetic'],
      ...['Interpersonal', 'Intrapersonal', 'Naturalistic', 'Lingüística'],
      ...['Lógico-matemática', 'Visual-espacial', 'Corporal-cinestésica', 'Naturalista'],
    ];
    for (const name of names) {
      for (const line of wrapLabel(name, 10)) expect(line.length).toBeLessThanOrEqual(12);
    }
  });
});
