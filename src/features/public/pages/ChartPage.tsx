/** Placeholder until its feature lands. */
export default function ChartPage() {
  return null;
}
