import { messages } from './allMessages';

describe('message catalogues', () => {
  it('has the same message ids in English and Spanish', () => {
    const en = Object.keys(messages.en).sort();
    const es = Object.keys(messages.es).sort();
    expect(en.length).toBeGreaterThan(20);
    expect(es).toEqual(en);
  });

  it('has no empty message', () => {
    for (const locale of ['en', 'es'] as const) {
      const empty = Object.entries(messages[locale]).filter(([, text]) => !text.trim());
      expect(empty, locale).toEqual([]);
    }
  });
});
