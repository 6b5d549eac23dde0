/**
 * The run dialog's first step: the app's input, the cost of the run next to the member's balance,
 * and Run. A refusal is shown in place (too few tokens with the fresh balance and a top-up link,
 * AI not configured, a bad input on its field) and the member can run again.
 *
 * Decisions the spec leaves open:
 * - Run is disabled while the balance read from the server is below the cost; the server still
 *   decides (the balance may have changed since). An app priced by use shows no cost: the estimate
 *   the server reserves depends on the prompt and the model, so only the server can refuse it.
 * - One clientId per attempt: after an answer that never came (network) Run sends the same one, so
 *   the server starts (and charges) the run at most once; after a refusal a new one is taken.
 */
import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Form } from 'antd';
import { ArrowLeftOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import type { TFunction } from '../../i18n';
import { useI18n } from '../../i18n';
import { formatTokens } from '../../app/money';
import { newClientId } from '../chat/chat-store';
import type { Target } from '../../app/socket';
import { useMe } from '../account/use-me';
import { startRun, type RunAnswer } from './app-calls';
import { canAfford, isMeteredApp, runCost, type PublicApp } from './app-cost';
import { fieldOfServerError, initialValues, planInput, toInput, type InputProblem } from './input-schema';
import InputFields, { TEXT_FIELD } from './InputFields';
import { refusalOf, type RunRefusal } from './run-refusal';
import '../../i18n/apps-texts';

function problemText(t: TFunction, p: InputProblem): string {
  const min = p.params?.min;
  const max = p.params?.max;
  switch (p.rule) {
    case 'range':
      if (Number.isFinite(min) && Number.isFinite(max)) return t('wsApps.input.between', { min, max });
      return Number.isFinite(min) ? t('wsApps.input.atLeast', { min }) : t('wsApps.input.atMost', { max });
    case 'length':
      return t('wsApps.input.length', { min, max });
    default:
      return t(`wsApps.input.${p.rule}`);
  }
}

function RefusalAlert({ refusal }: { refusal: RunRefusal }) {
  const { t } = useI18n();
  const own = refusal.kind === 'unavailable' || refusal.kind === 'network' || refusal.kind === 'invalid' ? t(`wsApps.refusal.${refusal.kind}`) : null;
  return (
    <Alert
      className="apps-alert"
      type={refusal.kind === 'unavailable' ? 'error' : 'warning'}
      showIcon
      message={t('wsApps.refusal.title')}
      description={
        <>
          {own && <div>{own}</div>}
          {refusal.message && <div className="apps-muted">{refusal.message}</div>}
        </>
      }
      data-testid="run-refusal"
      data-kind={refusal.kind}
    />
  );
}

export interface RunFormProps {
  app: PublicApp;
  target: Target | null;
  onStarted: (answer: RunAnswer) => void;
  onCancel: () => void;
  /** Back to the app list (the chat's picker). */
  onBack?: () => void;
}

export default function RunForm({ app, target, onStarted, onCancel, onBack }: RunFormProps) {
  const { t, lang } = useI18n();
  const { me, reload } = useMe();
  const plan = useMemo(() => planInput(app.config?.inputSchema), [app]);
  const start = useMemo(() => {
    const v = initialValues(plan);
    return plan.mode === 'form' ? v : { [TEXT_FIELD]: v[''] };
  }, [plan]);
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<RunRefusal | null>(null);
  const clientId = useRef(newClientId());
  const metered = isMeteredApp(app);
  const cost = runCost(app, me?.efficiencyCoefficient);
  const short = !metered && !!me && !canAfford(cost, me.tokens ?? 0);
  const names = plan.mode === 'form' ? plan.fields.map((f) => f.key) : [TEXT_FIELD];
  const nameOf = (key: string) => (plan.mode === 'form' ? key : TEXT_FIELD);

  const submit = async () => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const built = toInput(plan, plan.mode === 'form' ? values : { '': values[TEXT_FIELD] });
    form.setFields(names.map((name) => ({ name, errors: [] })));
    if (!built.ok) {
      form.setFields(built.problems.map((p) => ({ name: nameOf(p.key), errors: [problemText(t, p)] })));
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const answer = await startRun(app, built.input, target, clientId.current);
      clientId.current = newClientId();
      onStarted(answer);
    } catch (e) {
      const r = refusalOf(e);
      if (r.kind !== 'network') clientId.current = newClientId();
      if (r.kind === 'refused') reload(); // too few tokens names the balance: show the fresh one beside it
      if (r.kind === 'invalid') {
        const marks = r.fields.map((f) => ({ key: fieldOfServerError(plan, f.field), message: f.message })).filter((f) => f.key !== null);
        form.setFields(marks.map((f) => ({ name: nameOf(f.key!), errors: [f.message] })));
      }
      setRefusal(r);
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={start} onFinish={() => void submit()} className="apps-form" data-testid="run-form">
      <InputFields plan={plan} />
      <div className="apps-cost" data-testid="run-cost-box">
        <div className="apps-cost-row">
          <span>{t('wsApps.run.cost')}</span>
          <strong data-testid="run-cost" data-pricing={metered ? '1' : '0'}>
            {metered ? t('wsApps.card.byUse') : t('wsApps.run.tokens', { value: formatTokens(cost, lang) })}
          </strong>
        </div>
        <div className="apps-cost-row">
          <span>{t('wsApps.run.balance')}</span>
          <strong data-testid="run-balance">{me ? t('wsApps.run.tokens', { value: formatTokens(me.tokens ?? 0, lang) }) : '-'}</strong>
        </div>
        <div className="apps-muted">{t(metered ? 'wsApps.run.byUseHint' : 'wsApps.run.costHint')}</div>
        <div className="apps-muted">{target ? t('wsApps.run.toChat') : t('wsApps.run.toOwn')}</div>
      </div>
      {short && (
        <Alert
          className="apps-alert"
          type="warning"
          showIcon
          message={t('wsApps.run.notEnough')}
          action={<Link to="/my/info?tab=tokens">{t('wsApps.run.topUp')}</Link>}
          data-testid="run-not-enough"
        />
      )}
      {refusal && <RefusalAlert refusal={refusal} />}
      <div className="apps-actions">
        {onBack && (
          <Button type="link" icon={<ArrowLeftOutlined />} onClick={onBack} className="apps-back" data-testid="run-back">
            {t('wsApps.run.back')}
          </Button>
        )}
        <Button onClick={onCancel}>{t('wsApps.run.cancel')}</Button>
        <Button type="primary" htmlType="submit" icon={<PlayCircleOutlined />} loading={busy} disabled={short} data-testid="run-start">
          {t('wsApps.run.start')}
        </Button>
      </div>
    </Form>
  );
}
