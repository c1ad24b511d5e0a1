import en from '@/app/i18n/en/intelligence.json';
import es from '@/app/i18n/es/intelligence.json';
import { INTELLIGENCES } from '@/shared/intelligence/intelligences';

describe('the intelligence catalogue texts', () => {
  it('has every name, description and job in both languages', () => {
    const ids = INTELLIGENCES.flatMap((t) => [t.nameId, t.descriptionId, ...t.jobIds]);
    const catalogues: Record<string, string>[] = [en, es];
    for (const catalogue of catalogues) {
      expect(ids.filter((id) => !catalogue[id])).toEqual([]);
    }
  });
});
