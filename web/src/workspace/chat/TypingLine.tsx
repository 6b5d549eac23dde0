/** "Ann is typing…" above the message box, from the chat store's typing state (gone a few seconds after the last notice). */
import { useSyncExternalStore } from 'react';
import { useI18n } from '../../i18n';
import type { Target } from '../../app/socket';
import type { ChatStore } from './chat-store';
import type { People } from './use-people';

const none: readonly number[] = [];

export default function TypingLine({ chat, target, people }: { chat: ChatStore | null; target: Target; people: People }) {
  const { t } = useI18n();
  const ids = useSyncExternalStore(
    (fn) => chat?.subscribe(fn) ?? (() => undefined),
    () => chat?.typers(target) ?? none,
  );
  const names = ids.map((id) => people.senderOf(id).name);
  const text = !names.length
    ? ''
    : names.length === 1
      ? t('wsChatActions.typingOne', { name: names[0] })
      : names.length === 2
        ? t('wsChatActions.typingTwo', { a: names[0], b: names[1] })
        : t('wsChatActions.typingMany');
  return (
    <div className="chat-typing" aria-live="polite" data-testid="chat-typing" data-count={names.length}>
      {text}
    </div>
  );
}
