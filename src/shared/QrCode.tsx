import { QRCodeSVG } from 'qrcode.react';

/** Size of every QR code the product shows, CSS pixels (spec section 9: 256). */
export const QR_SIZE = 256;

/**
 * A QR code of `value` with the value printed under it (so it can be read out or typed), as an
 * image named by `label` (e.g. 'QR code of order -Nx…'). Used by the order QR dialog and the
 * public /qrcode page.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  return (
    <>
      <QRCodeSVG value={value} size={QR_SIZE} role="img" aria-label={label} />
      <p className="mt-3 is-family-monospace">{value}</p>
    </>
  );
}
