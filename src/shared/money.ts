import type { IntlShape } from 'react-intl';

/** The agency's currency: order totals and revenue are Singapore dollars (spec section 3, Order). */
export const CURRENCY = 'SGD';

/** An amount in {@link CURRENCY}, in the reader's language: 'SGD 180.00' (en), '180,00 SGD' (es). */
export function formatMoney(intl: IntlShape, amount: number): string {
  return intl.formatNumber(amount, { style: 'currency', currency: CURRENCY });
}
