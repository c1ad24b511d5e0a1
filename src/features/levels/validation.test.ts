import { describe, expect, it } from 'vitest';
import { fieldErrors } from '@/shared/forms/fieldErrors';
import type { Level } from './types';
import { emptyLevel, levelSchema, levelToForm } from './validation';

describe('levelSchema (spec section 5: name, accessBy and description)', () => {
  const filled = {
    ...emptyLevel,
    name: 'Paid',
    accessBy: 'student_paid',
    description: 'All',
  } as const;

  it('refuses the empty form, naming each required field', () => {
    expect(fieldErrors(levelSchema.safeParse(emptyLevel).error)).toEqual({
      name: 'Levels.nameRequired',
      accessBy: 'Levels.accessByRequired',
      description: 'Levels.descriptionRequired',
    });
  });

  it('accepts name, accessBy and description; order defaults to 0', () => {
    expect(levelSchema.parse({ ...filled, order: '' })).toMatchObject({
      name: 'Paid',
      accessBy: 'student_paid',
      order: 0,
    });
  });

  it('refuses an unknown accessBy and a negative order', () => {
    const errors = fieldErrors(
      levelSchema.safeParse({ ...filled, accessBy: 'parent', order: '-1' }).error,
    );
    expect(errors).toEqual({
      accessBy: 'Levels.accessByRequired',
      order: 'Levels.orderInvalid',
    });
  });

  it('reads missing visibility switches as off', () => {
    const stored = {
      id: 'l1',
      name: 'Tutor',
      accessBy: 'tutor',
      description: 'x',
      order: 1,
      createdAt: 0,
      fields: { email: true },
    } as unknown as Level;
    const form = levelToForm(stored);
    expect(form.fields.email).toBe(true);
    expect(form.fields.postcode).toBe(false);
    expect(levelSchema.parse(form).fields).toEqual({ ...emptyLevel.fields, email: true });
  });
});
