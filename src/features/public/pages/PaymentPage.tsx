/** Placeholder until its feature lands. */
export default function PaymentPage() {
  return null;
}
