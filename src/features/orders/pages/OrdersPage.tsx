/** Placeholder until its feature lands. */
export default function OrdersPage() {
  return null;
}
