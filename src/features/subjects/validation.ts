/**
 * The two forms of a subject (spec section 5). Inputs hold strings; the schemas give the
 * record's fields. Messages are catalogue ids.
 * - Basic Info: "Subject basic submit needs name and country"; a level range, when both ends
 *   are chosen, runs from a lower level to a higher one (field levels' order, spec section 3).
 * - Settings: originalPrice required (step 0.01); salePrice optional but lower than
 *   originalPrice ('Sale price should be empty or less than Original Price'); minimumQRPurchase,
 *   multipleQtyRestriction (2, 4 or 6, spec section 9), expiryMultiplier, expiryDays and
 *   expiryPrice required.
 */
import { recordToForm } from '@/shared/forms/recordToForm';
import * as z from '@/shared/zod';
import {
  optionalMoney,
  optionalWholeNumber,
  requiredMoney,
  requiredWholeNumber,
} from '@/shared/forms/numberFields';
import { multipleQtyRestrictionSchema, salePriceRule, subjectRecordSchema } from './schema';
import type { MultipleQtyRestriction, Subject, SubjectSettings } from './types';

/** The Basic Info tab's schema: the record's fields but settings, with the order typed as text. */
export const subjectBasicSchema = z.extend(
  z.omit(subjectRecordSchema, { id: true, order: true, createdAt: true, settings: true }),
  { order: optionalWholeNumber('Subjects.orderInvalid') },
);

/**
 * The Basic Info tab's schema with the level range checked: the first level must not come after
 * the last one ('Subjects.invalidRange' on levelEnd), as the tutor's subject ranges are checked.
 * @param levelOrder a field level's place in the levels sorted by `order` (spec section 3), or
 *   undefined for an unknown id (such a range is not judged: the level may still be loading).
 */
export function subjectBasicSchemaFor(levelOrder: (id: string) => number | undefined) {
  return subjectBasicSchema.check(
    z.refine(
      ({ levelStart, levelEnd }) => {
        const start = levelStart ? levelOrder(levelStart) : undefined;
        const end = levelEnd ? levelOrder(levelEnd) : undefined;
        return start === undefined || end === undefined || start <= end;
      },
      { message: 'Subjects.invalidRange', path: ['levelEnd'] },
    ),
  );
}

/** What the Basic Info tab edits; level ids '' for none, order as typed. */
export type SubjectBasicValues = Required<z.input<typeof subjectBasicSchema>>;

/** The record fields the Basic Info tab saves. */
export type SubjectBasicInput = z.output<typeof subjectBasicSchema>;

/** The allowed package multiples (spec section 9). */
export const MULTIPLE_QTY_VALUES: readonly MultipleQtyRestriction[] =
  multipleQtyRestrictionSchema.def.options.flatMap((option) => option.def.values);

/**
 * The Settings tab's fields, one per stored setting (the `satisfies` makes a setting added to the
 * record schema a compile error here until the tab handles it). Inputs are text.
 */
const settingsFields = {
  originalPrice: requiredMoney('Subjects.originalPriceRequired', 'Subjects.priceInvalid'),
  salePrice: optionalMoney('Subjects.priceInvalid'),
  minimumQRPurchase: requiredWholeNumber('Subjects.required', 'Subjects.positiveWholeNumber', 1),
  multipleQtyRestriction: z.pipe(
    z.enum(['2', '4', '6'], { message: 'Subjects.multipleQtyRequired' }),
    z.transform((v: '2' | '4' | '6') => Number(v) as MultipleQtyRestriction),
  ),
  expiryMultiplier: requiredWholeNumber('Subjects.required', 'Subjects.positiveWholeNumber', 1),
  expiryDays: requiredWholeNumber('Subjects.required', 'Subjects.wholeNumber'),
  expiryPrice: requiredMoney('Subjects.required', 'Subjects.priceInvalid'),
} satisfies Record<keyof SubjectSettings, z.ZodMiniType>;

export const subjectSettingsSchema = z.object(settingsFields).check(
  z.refine(salePriceRule.check, {
    message: salePriceRule.message,
    path: [...salePriceRule.path],
    // Checked as soon as both prices are valid, even while other fields are still empty.
    when: (payload) =>
      !payload.issues.some((i) => i.path?.[0] === 'originalPrice' || i.path?.[0] === 'salePrice'),
  }),
);

/** What the Settings tab edits; numbers as typed, multipleQtyRestriction '' until chosen. */
export type SubjectSettingsValues = Omit<
  z.input<typeof subjectSettingsSchema>,
  'multipleQtyRestriction'
> & { multipleQtyRestriction: string };

/** The settings the Settings tab saves. */
export type SubjectSettingsInput = z.output<typeof subjectSettingsSchema>;

/** Form values of a new subject: Singapore, order 0 (spec section 9 defaults). */
export const emptySubjectBasic: SubjectBasicValues = {
  name: '',
  countryId: 'SG',
  levelStart: '',
  levelEnd: '',
  order: '0',
  isObsolete: false,
};

/** Basic Info values of a stored subject. */
export function subjectToBasic(subject: Subject): SubjectBasicValues {
  return recordToForm(subject, emptySubjectBasic);
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** Settings values of a stored subject (all empty before its first settings save). */
export function settingsToForm(settings: SubjectSettings | undefined): SubjectSettingsValues {
  return {
    originalPrice: text(settings?.originalPrice),
    salePrice: text(settings?.salePrice),
    minimumQRPurchase: text(settings?.minimumQRPurchase),
    multipleQtyRestriction: text(settings?.multipleQtyRestriction),
    expiryMultiplier: text(settings?.expiryMultiplier),
    expiryDays: text(settings?.expiryDays),
    expiryPrice: text(settings?.expiryPrice),
  };
}
