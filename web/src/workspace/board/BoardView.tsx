/** Placeholder until its screen is built. */
export default function BoardView() {
  return null;
}
