/**
 * The live answers of the runs under way in one conversation, at the foot of its message list: one
 * bubble per run, growing with each delta notice, gone when the stored answer (or error) message
 * arrives, which the list then shows in its place.
 */
import { useLayoutEffect } from 'react';
import { LoadingOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import type { ChatMessage, Target } from '../../app/socket';
import AppRow from './AppRow';
import { useCatalogue } from './use-catalogue';
import { conversationKeyOf } from './run-stream-model';
import { runAppOf, useConversationStreams } from './use-run-streams';
import '../../i18n/apps-texts';

export interface RunStreamBubblesProps {
  /** The signed-in member and the conversation the list shows. */
  me: number;
  target: Target;
  /** The messages the list holds (a held final message hides its live bubble). */
  held: readonly ChatMessage[];
  /** Called after a bubble grew, so the list can follow the reader down. */
  onGrow: () => void;
}

export default function RunStreamBubbles({ me, target, held, onGrow }: RunStreamBubblesProps) {
  const { t } = useI18n();
  const live = useConversationStreams(conversationKeyOf(me, target), held);
  const { byId } = useCatalogue();
  useLayoutEffect(() => {
    if (live.length) onGrow();
  }, [live]); // a new array whenever a bubble of this conversation changed
  return (
    <>
      {live.map((r) => {
        const appId = runAppOf(r.runId);
        return (
          <AppRow
            key={r.runId}
            app={appId ? byId.get(appId) : undefined}
            appId={appId}
            state={
              <span className="apps-answering">
                <LoadingOutlined /> {t('wsApps.chat.answering')}
              </span>
            }
            attrs={{ 'data-testid': 'run-stream', 'data-run': r.runId }}
          >
            <div className="chat-bubble apps-live" title={r.complete ? undefined : t('wsApps.chat.missing')}>
              {r.text}
            </div>
          </AppRow>
        );
      })}
    </>
  );
}
