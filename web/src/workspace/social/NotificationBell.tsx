/** Placeholder until its screen is built. */
export default function NotificationBell() {
  return null;
}
