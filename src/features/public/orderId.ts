/**
 * Whether a public route's order id can be an order's key (an over-long one,
 * `/qrcode/<5000 characters>`, showed the crash screen, the QR encoder's capacity being exceeded).
 * Realtime Database push keys are 20 characters of `-`, `_`, digits and letters; ids given by hand
 * (demo and tests) use the same alphabet. Up to 128 characters are accepted, well inside a QR
 * code's capacity.
 */
export function isOrderId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,128}$/.test(id);
}
