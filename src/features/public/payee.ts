/**
 * Who receives payments (spec section 2, Payment instruction page: "values not shown"), from
 * build-time configuration, never from the database (the page is public and loads no data):
 *
 * | Variable                     | Meaning                                   |
 * |------------------------------|-------------------------------------------|
 * | VITE_PAYNOW_PROXY_TYPE       | 'UEN' (default) or 'mobile'               |
 * | VITE_PAYNOW_UEN              | UEN (or mobile number) paid by PayNow     |
 * | VITE_PAYNOW_NAME             | payee name (PayNow: at most 25 chars)     |
 * | VITE_PAYNOW_CITY             | payee city (PayNow: at most 15 chars)     |
 * | VITE_PAYNOW_BANK_NAME        | bank of the transfer account              |
 * | VITE_PAYNOW_BANK_ACCOUNT     | account number for bank transfers         |
 * | VITE_PAYNOW_ACCOUNT_NAME     | account holder                            |
 * | VITE_PAYNOW_CONTACT_EMAIL    | contact address shown on the page         |
 * | VITE_PAYNOW_EXPIRY_DAYS      | days a payment QR stays valid (0: none)   |
 *
 * Demo values live in .env.development and .env.test.
 */
import type { PayNowPayee } from './paynow';

/** Payment configuration; `paynow` is null when no UEN/mobile number is configured. */
export interface PayeeConfig {
  paynow: PayNowPayee | null;
  bankName: string;
  bankAccount: string;
  accountName: string;
  contactEmail: string;
  /** Days from today to the QR's expiry date; 0 for none. */
  expiryDays: number;
}

type Env = Record<string, string | boolean | undefined>;

/** Reads the configuration from `env` (import.meta.env by default; tests pass their own). */
export function payeeConfig(env: Env = import.meta.env as Env): PayeeConfig {
  const text = (key: string) => {
    const value = env[key];
    return typeof value === 'string' ? value.trim() : '';
  };
  const proxyValue = text('VITE_PAYNOW_UEN');
  const name = text('VITE_PAYNOW_NAME') || text('VITE_PAYNOW_ACCOUNT_NAME');
  const days = Number(text('VITE_PAYNOW_EXPIRY_DAYS') || '0');
  return {
    paynow:
      proxyValue && name
        ? {
            proxyType: text('VITE_PAYNOW_PROXY_TYPE') === 'mobile' ? 'mobile' : 'UEN',
            proxyValue,
            name,
            city: text('VITE_PAYNOW_CITY') || 'Singapore',
          }
        : null,
    bankName: text('VITE_PAYNOW_BANK_NAME'),
    bankAccount: text('VITE_PAYNOW_BANK_ACCOUNT'),
    accountName: text('VITE_PAYNOW_ACCOUNT_NAME') || name,
    contactEmail: text('VITE_PAYNOW_CONTACT_EMAIL'),
    expiryDays: Number.isFinite(days) && days > 0 ? Math.floor(days) : 0,
  };
}
