/** Placeholder until its screen is built. */
export default function FriendsView() {
  return null;
}
