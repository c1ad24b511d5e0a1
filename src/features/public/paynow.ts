/**
 * PayNow QR payloads: Singapore's bank-transfer scheme, encoded as an EMVCo merchant-presented QR
 * (EMV® QR Code Specification for Payment Systems, Merchant-Presented Mode, "EMV QRCPS-MPM", v1.1)
 * as SGQR/PayNow banking apps scan it. Domain code (how this agency is paid), so written here on
 * purpose rather than taken from a library.
 *
 * Structure (EMV QRCPS-MPM, "Data Objects"): the payload is a sequence of data objects, each
 * ID (2 digits) + length (2 digits, number of characters of the value, 01..99) + value. Templates
 * (IDs 26 and 62 here) hold data objects of their own in their value.
 *
 * Root data objects used, in the order the specification lists them:
 * - '00' Payload Format Indicator, '01';
 * - '01' Point of Initiation Method, '12' (dynamic: this QR is for one amount and one order);
 * - '26' Merchant Account Information template (MPM "Merchant Account Information", IDs 26..51
 *   are templates whose sub-ID '00' is a globally unique identifier), with PayNow's sub-objects:
 *   '00' 'SG.PAYNOW', '01' proxy type ('0' mobile number, '2' UEN), '02' proxy value,
 *   '03' amount editable ('0' no, '1' yes), '04' expiry date 'YYYYMMDD' (optional);
 * - '52' Merchant Category Code, '0000' (PayNow does not use one);
 * - '53' Transaction Currency, ISO 4217 numeric, '702' = SGD;
 * - '54' Transaction Amount, decimal with '.' and at most 13 characters;
 * - '58' Country Code, ISO 3166-1 alpha-2, 'SG';
 * - '59' Merchant Name, at most 25 characters; '60' Merchant City, at most 15 characters;
 * - '62' Additional Data Field Template with '01' Bill Number (at most 25 characters): the
 *   order id, which banking apps show and send as the transfer's reference;
 * - '63' CRC, always last: 4 upper-case hex digits of CRC-16/CCITT-FALSE (ISO/IEC 13239:
 *   polynomial 0x1021, initial value 0xFFFF) over the whole payload *including* '6304'.
 */

/** A root or template data object. */
export interface DataObject {
  id: string;
  value: string;
}

/** A value that cannot be encoded: too long, empty, or outside the allowed characters. */
export class PayNowFieldError extends Error {
  readonly field: string;
  constructor(field: string, reason: string) {
    super(`PayNow field ${field}: ${reason}`);
    this.field = field;
  }
}

/**
 * CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR) of the UTF-8 bytes
 * of `text` (EMV QRCPS-MPM, CRC data object '63'). Check value: '123456789' -> 0x29B1.
 */
export function crc16ccittFalse(text: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

/** The CRC as the payload carries it: 4 upper-case hex digits. */
export function crcHex(text: string): string {
  return crc16ccittFalse(text).toString(16).toUpperCase().padStart(4, '0');
}

/**
 * Encodes one data object: ID + 2-digit length + value (EMV QRCPS-MPM, "Data Objects").
 * @throws PayNowFieldError for an ID that is not 2 digits, or a value of 0 or more than 99
 *   characters.
 */
export function dataObject(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new PayNowFieldError(id, 'ID must be two digits');
  if (value.length === 0) throw new PayNowFieldError(id, 'empty value');
  if (value.length > 99) throw new PayNowFieldError(id, 'value longer than 99 characters');
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/**
 * Splits a payload (or a template's value) into its data objects.
 * @throws PayNowFieldError when a length runs past the end or is not a number.
 */
export function parseDataObjects(payload: string): DataObject[] {
  const objects: DataObject[] = [];
  let at = 0;
  while (at < payload.length) {
    const id = payload.slice(at, at + 2);
    const lengthText = payload.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lengthText)) {
      throw new PayNowFieldError(id, `malformed data object at ${at}`);
    }
    const length = Number(lengthText);
    const value = payload.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new PayNowFieldError(id, 'value runs past the end');
    objects.push({ id, value });
    at += 4 + length;
  }
  return objects;
}

/** True when the payload ends with a '63' CRC that matches the rest (EMV QRCPS-MPM, CRC). */
export function hasValidCrc(payload: string): boolean {
  const match = /6304([0-9A-F]{4})$/.exec(payload);
  return match !== null && crcHex(payload.slice(0, -4)) === match[1];
}

/** Who is paid, from configuration (see payee.ts). */
export interface PayNowPayee {
  /** '2' UEN (a company's Unique Entity Number) or '0' a mobile number like '+6591234567'. */
  proxyType: 'UEN' | 'mobile';
  proxyValue: string;
  /** Merchant Name, shown by the banking app; cut to 25 characters. */
  name: string;
  /** Merchant City; cut to 15 characters. */
  city: string;
}

/** One payment request. */
export interface PayNowRequest {
  /** Amount in SGD, more than 0; encoded with 2 decimals. */
  amount: number;
  /** The order id: Bill Number '62'/'01', the transfer's reference (at most 25 characters). */
  reference: string;
  /** Whether the payer may change the amount; default false. */
  editable?: boolean;
  /** Last day the QR may be paid, 'YYYYMMDD'; omitted when undefined. */
  expiry?: string;
}

/** Characters EMV allows in names and references ("ans": printable ASCII). */
function printable(field: string, text: string, max: number, cut: boolean): string {
  // Accented letters become their base letter (é -> e); anything else outside ASCII goes.
  const ascii = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .trim();
  if (!ascii) throw new PayNowFieldError(field, 'empty after removing unsupported characters');
  if (ascii.length > max) {
    if (!cut) throw new PayNowFieldError(field, `longer than ${max} characters`);
    return ascii.slice(0, max).trim();
  }
  return ascii;
}

/**
 * The EMVCo payload of a PayNow payment of `request.amount` SGD to `payee`, referencing the
 * order (see the module comment for every data object).
 * @throws PayNowFieldError for an amount that is not a positive number below 10^10, a reference
 *   longer than 25 characters or empty, a malformed expiry, or an empty proxy value.
 */
export function buildPayNowPayload(payee: PayNowPayee, request: PayNowRequest): string {
  if (!Number.isFinite(request.amount) || request.amount <= 0 || request.amount >= 1e10) {
    throw new PayNowFieldError('54', 'amount must be a positive number');
  }
  if (request.expiry !== undefined && !/^\d{8}$/.test(request.expiry)) {
    throw new PayNowFieldError('26/04', 'expiry must be YYYYMMDD');
  }
  const proxy = payee.proxyValue.replace(/\s+/g, '');
  if (!proxy) throw new PayNowFieldError('26/02', 'empty proxy value');

  const merchantAccount =
    dataObject('00', 'SG.PAYNOW') +
    dataObject('01', payee.proxyType === 'UEN' ? '2' : '0') +
    dataObject('02', proxy) +
    dataObject('03', request.editable ? '1' : '0') +
    (request.expiry ? dataObject('04', request.expiry) : '');

  const body =
    dataObject('00', '01') +
    dataObject('01', '12') +
    dataObject('26', merchantAccount) +
    dataObject('52', '0000') +
    dataObject('53', '702') +
    dataObject('54', request.amount.toFixed(2)) +
    dataObject('58', 'SG') +
    dataObject('59', printable('59', payee.name, 25, true)) +
    dataObject('60', printable('60', payee.city, 15, true)) +
    dataObject('62', dataObject('01', printable('62/01', request.reference, 25, false))) +
    '6304';
  return body + crcHex(body);
}
