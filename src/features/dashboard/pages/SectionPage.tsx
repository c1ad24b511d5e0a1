/** Placeholder until its feature lands. */
export default function SectionPage() {
  return null;
}
