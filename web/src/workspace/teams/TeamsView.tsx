/** Placeholder until its screen is built. */
export default function TeamsView() {
  return null;
}
