/**
 * The audit screen's filter in the query string, so that it survives Back, a reload and a shared
 * link: `?entity=schools&record=<id>&by=<uid>&from=2026-01-31&to=2026-02-28`. Each record form's
 * History link opens `/audit?record=<id>`.
 */
import * as z from '@/shared/zod';
import { AUDITED_COLLECTIONS } from '@/shared/domain/audit';
import { type AuditFilter } from './auditApi';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day of the range: 'yyyy-MM-dd', or '' for none (DateField passes on typed text that is no
 * date, so it is refused here).
 */
const daySchema = z.string().check(z.refine((v) => v === '' || DAY.test(v), 'Audit.invalidDate'));

/**
 * The filter form's schema: texts ('' for no filter), the record id trimmed, the range's days
 * real dates ('Audit.invalidDate') with Until not before From ('Audit.untilBeforeFrom', on `to`).
 * Messages are catalogue ids.
 */
export const auditFilterSchema = z
  .object({
    entity: z.string(),
    record: z.string().check(z.trim()),
    by: z.string(),
    from: daySchema,
    to: daySchema,
  })
  .check(
    z.refine(({ from, to }) => !from || !to || from <= to, {
      message: 'Audit.untilBeforeFrom',
      path: ['to'],
    }),
  );

/** The filter as the form holds it: texts, '' for no filter; dates as 'YYYY-MM-DD'. */
export type AuditFilterForm = z.input<typeof auditFilterSchema>;

export const EMPTY_FILTER: AuditFilterForm = { entity: '', record: '', by: '', from: '', to: '' };

const KEYS = Object.keys(EMPTY_FILTER) as Array<keyof AuditFilterForm>;

/** Reads the filter from query parameters; unknown entities and malformed dates are ignored. */
export function parseFilter(params: URLSearchParams): AuditFilterForm {
  const form = { ...EMPTY_FILTER };
  for (const key of KEYS) form[key] = params.get(key)?.trim() ?? '';
  if (!(AUDITED_COLLECTIONS as readonly string[]).includes(form.entity)) form.entity = '';
  if (!DAY.test(form.from)) form.from = '';
  if (!DAY.test(form.to)) form.to = '';
  return form;
}

/** Writes the filter into a copy of `params` (other parameters kept), leaving out empty fields. */
export function writeFilter(params: URLSearchParams, form: AuditFilterForm): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of KEYS) {
    if (form[key]) next.set(key, form[key]);
    else next.delete(key);
  }
  return next;
}

/**
 * The query's filter: dates are whole days in the browser's time zone, `from` from its first
 * millisecond, `to` to its last.
 */
export function toAuditFilter(form: AuditFilterForm): AuditFilter {
  // Midnight of the day `text`, plus `days` days (a day is not always 24 h: summer time).
  const day = (text: string, days = 0) => {
    const [y, m, d] = text.split('-').map(Number) as [number, number, number];
    return new Date(y, m - 1, d + days).getTime();
  };
  return {
    ...(form.entity ? { entity: form.entity } : {}),
    ...(form.record ? { record: form.record } : {}),
    ...(form.by ? { by: form.by } : {}),
    ...(form.from ? { from: day(form.from) } : {}),
    ...(form.to ? { to: day(form.to, 1) - 1 } : {}),
  };
}
