/** Placeholder until its feature lands. */
export default function CountriesPage() {
  return null;
}
