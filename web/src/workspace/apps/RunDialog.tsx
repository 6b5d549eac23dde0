/**
 * Running an app, in one dialog: pick the app (from the chat, when none is given), fill in its
 * input and see the cost, then the outcome. Loaded on first use by the store's apps and the chat's
 * composer.
 *
 *   <RunDialog app={app} target={null} onClose={close} />               // store: own runs chat
 *   <RunDialog app={null} target={{ toType: 1, toId: 7 }} inChat onClose={close} />
 *
 * Decision: started from a chat, the dialog closes as soon as the run is under way and a message
 * tells the tokens taken; the live answer streams in the conversation itself, where everyone in it
 * reads it. From the store it stays open and shows the live answer.
 */
import { useState } from 'react';
import { Modal } from 'antd';
import { useI18n } from '../../i18n';
import { notify } from '../../app/notify';
import { formatTokens } from '../../app/money';
import type { Target } from '../../app/socket';
import AppPicker from './AppPicker';
import RunForm from './RunForm';
import RunOutcome from './RunOutcome';
import type { RunAnswer } from './app-calls';
import { isAsyncApp, isMeteredApp, type PublicApp } from './app-cost';
import { rememberRunApp } from './use-run-streams';
import './apps.css';
import '../../i18n/apps-texts';

export interface RunDialogProps {
  /** The app to run; null: the member picks one first. */
  app: PublicApp | null;
  /** The conversation the run goes to; null: the member's own runs conversation. */
  target: Target | null;
  inChat?: boolean;
  onClose: () => void;
}

export default function RunDialog({ app: given, target, inChat = false, onClose }: RunDialogProps) {
  const { t, lang } = useI18n();
  const [app, setApp] = useState<PublicApp | null>(given);
  const [answer, setAnswer] = useState<RunAnswer | null>(null);

  const started = (a: RunAnswer) => {
    if (app) rememberRunApp(a.runId, Number(app.id));
    if (inChat && app) {
      const values = { cost: formatTokens(a.cost, lang), balance: formatTokens(a.balance, lang) };
      const said = isAsyncApp(app) ? 'queued' : 'started';
      notify('success', t(`wsApps.chat.${said}${isMeteredApp(app) ? 'ByUse' : ''}`, values));
      onClose();
      return;
    }
    setAnswer(a);
  };

  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      width={560}
      title={app ? t('wsApps.run.title', { name: app.name }) : t('wsApps.chat.pickTitle')}
      className="apps-dialog"
    >
      <div data-testid="run-dialog" data-app={app?.id ?? ''}>
        {!app ? (
          <AppPicker onPick={setApp} />
        ) : answer ? (
          <RunOutcome app={app} answer={answer} target={target} onAgain={() => setAnswer(null)} onClose={onClose} />
        ) : (
          <RunForm key={app.id} app={app} target={target} onStarted={started} onCancel={onClose} onBack={given ? undefined : () => setApp(null)} />
        )}
      </div>
    </Modal>
  );
}
