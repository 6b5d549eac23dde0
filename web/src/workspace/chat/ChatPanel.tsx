import type { Target } from '../../app/socket';

/** Placeholder until its screen is built. */
export default function ChatPanel(_props: { target: Target; title?: string; onClose?: () => void }) {
  return null;
}
