/** Placeholder until its feature lands. */
export default function StatisticsPage() {
  return null;
}
