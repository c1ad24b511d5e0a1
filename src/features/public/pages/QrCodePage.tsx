/** Placeholder until its feature lands. */
export default function QrCodePage() {
  return null;
}
