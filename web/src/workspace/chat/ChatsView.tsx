/** Placeholder until its screen is built. */
export default function ChatsView() {
  return null;
}
