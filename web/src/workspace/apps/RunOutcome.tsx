/**
 * The run dialog once the run started: the tokens taken and the balance left (from the run call's
 * answer), then for a sync app the answer as it streams in (delta notices), replaced by the stored
 * answer when it comes, or the failure (refunded); for an async app, that it is queued and where
 * the answer will appear, until its answer (or failure) arrives and replaces it. Once the run has
 * ended (answered or failed), its receipt is a click away. An app priced by use says the tokens were
 * reserved, not taken: the unused part comes back when the run settles.
 */
import { Alert, Button, Result, Spin } from 'antd';
import { CheckCircleFilled, ClockCircleOutlined, LoadingOutlined, MessageOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { useAuth } from '../../app/auth';
import { formatTokens } from '../../app/money';
import type { Target } from '../../app/socket';
import { chatPath } from '../nav';
import type { RunAnswer } from './app-calls';
import { isAsyncApp, isMeteredApp, type PublicApp } from './app-cost';
import RunReceiptButton from '../../components/receipt/RunReceiptButton';
import { answerText, failureText } from './app-format';
import { runPhase } from './run-stream-model';
import { useRun } from './use-run-streams';
import '../../i18n/apps-texts';

function Answer({ runId, isAsync }: { runId: number; isAsync: boolean }) {
  const { t } = useI18n();
  const { stream, final } = useRun(runId);
  const phase = runPhase(isAsync, !!stream, final);
  if (phase === 'queued') {
    return (
      <div data-testid="run-queued">
        <Result icon={<ClockCircleOutlined />} title={t('wsApps.outcome.queuedTitle')} subTitle={t('wsApps.outcome.queued')} className="apps-queued" />
      </div>
    );
  }
  if (final) {
    if (phase === 'failed') {
      return (
        <>
          <Alert
            className="apps-alert"
            type="error"
            showIcon
            message={t('wsApps.outcome.failed', { reason: failureText(t, final.content) })}
            data-testid="run-failed"
          />
          <RunReceiptButton runId={runId} />
        </>
      );
    }
    const shown = answerText(final.content);
    return (
      <>
        <div className="apps-answer" data-testid="run-answer" data-state="done">
          <div className="apps-answer-state apps-answer-done">
            <CheckCircleFilled /> {t('wsApps.outcome.done')}
          </div>
          {shown.raw ? <pre className="apps-answer-text apps-mono">{shown.text}</pre> : <div className="apps-answer-text">{shown.text}</div>}
        </div>
        <RunReceiptButton runId={runId} />
      </>
    );
  }
  if (!stream) {
    return (
      <div className="apps-answer apps-answer-wait" data-testid="run-answer" data-state="waiting">
        <Spin size="small" /> <span>{t('wsApps.outcome.waiting')}</span>
      </div>
    );
  }
  return (
    <div className="apps-answer" data-testid="run-answer" data-state="live">
      <div className="apps-answer-state">
        <LoadingOutlined /> {t('wsApps.outcome.answering')}
      </div>
      <div className="apps-answer-text apps-live">{stream.text}</div>
    </div>
  );
}

export interface RunOutcomeProps {
  app: PublicApp;
  answer: RunAnswer;
  target: Target | null;
  onAgain: () => void;
  onClose: () => void;
}

export default function RunOutcome({ app, answer, target, onAgain, onClose }: RunOutcomeProps) {
  const { t, lang } = useI18n();
  const me = useAuth().user?.id ?? 0;
  const where = target ?? { toType: 0 as const, toId: me };
  return (
    <div className="apps-outcome" data-testid="run-outcome" data-run={answer.runId}>
      <Alert
        className="apps-alert"
        type="success"
        showIcon
        message={t(isMeteredApp(app) ? 'wsApps.outcome.reserved' : 'wsApps.outcome.taken', {
          cost: formatTokens(answer.cost, lang),
          balance: formatTokens(answer.balance, lang),
        })}
        data-testid="run-taken"
      />
      <Answer runId={answer.runId} isAsync={isAsyncApp(app)} />
      <div className="apps-actions">
        <Link to={chatPath(where)} className="apps-open-chat" data-testid="run-open-chat">
          <MessageOutlined /> {t('wsApps.outcome.openChat')}
        </Link>
        <Button onClick={onAgain} data-testid="run-again">
          {t('wsApps.outcome.again')}
        </Button>
        <Button type="primary" onClick={onClose} data-testid="run-close">
          {t('wsApps.outcome.close')}
        </Button>
      </div>
    </div>
  );
}
