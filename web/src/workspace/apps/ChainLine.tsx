/**
 * A chain of AI replies as one thread (issue 41), under the message that started it: the AI members
 * that answered in order ("Ada → Bea → Cyd"), how it stands or ended (answering, done, stopped, the
 * reply limit reached, a loop stopped naming the two), and, for the member who asked: the total it
 * cost, Stop while it runs, and the receipt of every step. Rendered for every message of the list:
 * an AI reply makes its chain known (its thread is read), the first message shows the line.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button, Modal, Tag, Typography, message as toast } from 'antd';
import { BranchesOutlined, LoadingOutlined, StopOutlined } from '@ant-design/icons';
import { calls } from '../../app/data';
import { realtime } from '../realtime';
import type { ChatMessage } from '../../app/socket';
import { useI18n } from '../../i18n';
import RunReceiptButton from '../../components/receipt/RunReceiptButton';
import { createChains, type ChainStep, type ChainView, type Chains, type LoadThread } from './chains';
import '../../i18n/chains-texts';
import './apps.css';

const load: LoadThread = (id) => calls.ai.chain.thread({ id }, { silent: true }) as ReturnType<LoadThread>;

let store: Chains | null = null;
function chains(): Chains {
  return (store ??= createChains(realtime, load));
}

/** The chain's state as a short text and a tag colour. */
function stateText(t: ReturnType<typeof useI18n>['t'], c: ChainView, nameOf: (id: number) => string): { text: string; color?: string } {
  switch (c.state) {
    case 0:
      return { text: t('wsChains.running'), color: 'processing' };
    case 2:
      return { text: t('wsChains.stopped'), color: 'default' };
    case 3:
      return { text: t('wsChains.capped'), color: 'warning' };
    case 4:
      return { text: t('wsChains.loop', { a: nameOf(c.loopIds?.[0] ?? 0), b: nameOf(c.loopIds?.[1] ?? 0) }), color: 'warning' };
    default:
      return { text: t('wsChains.done'), color: 'success' };
  }
}

function stepState(t: ReturnType<typeof useI18n>['t'], s: ChainStep): string {
  if (s.stopped) return t('wsChains.stepStopped');
  if (s.status === 2) return t('wsChains.stepFailed');
  if (s.status === 0) return t('wsChains.stepRunning');
  return '';
}

export async function stopChain(id: number, failed: string): Promise<void> {
  try {
    const thread = (await calls.ai.chain.stop({ id })) as ChainView;
    chains().put(thread);
  } catch {
    toast.error(failed);
  }
}

export interface ChainLineProps {
  message: ChatMessage;
  me: number;
  nameOf: (userId: number) => string;
  /** Scroll to a message of the conversation. */
  onJump?: (seq: number) => void;
  seqOf?: (messageId: number) => number | undefined;
}

export default function ChainLine({ message, me, nameOf, onJump, seqOf }: ChainLineProps) {
  const { t } = useI18n();
  const s = chains();
  const chain = useSyncExternalStore(s.subscribe, () => s.byRoot(Number(message.id)));
  const [open, setOpen] = useState(false);
  const [stopping, setStopping] = useState(false);
  useEffect(() => s.seen(message), [message, s]);
  if (!chain) return null;
  const mine = chain.payerId === me;
  const state = stateText(t, chain, nameOf);
  const names = (chain.runs ?? []).map((r) => r.aiName ?? nameOf(r.aiUserId ?? 0));
  const stop = async () => {
    setStopping(true);
    await stopChain(chain.id, t('wsChains.stopFailed'));
    setStopping(false);
  };
  return (
    <div className="chat-chain" data-testid="chat-chain" data-chain={chain.id} data-state={chain.state}>
      <BranchesOutlined className="chat-chain-icon" />
      <span className="chat-chain-label">{t('wsChains.label')}</span>
      {names.length > 0 && (
        <span className="chat-chain-steps" data-testid="chat-chain-steps">
          {names.join(' → ')}
        </span>
      )}
      <Tag bordered={false} color={state.color} className="chat-chain-state" data-testid="chat-chain-state">
        {chain.state === 0 && <LoadingOutlined />} {state.text}
      </Tag>
      {mine && typeof chain.total === 'number' && chain.state !== 0 && (
        <Typography.Text type="secondary" className="chat-chain-total" data-testid="chat-chain-total">
          {t('wsChains.total', { value: chain.total })}
        </Typography.Text>
      )}
      {mine && chain.state === 0 && (
        <Button size="small" danger icon={<StopOutlined />} loading={stopping} onClick={stop} title={t('wsChains.stopHint')} data-testid="chat-chain-stop">
          {t('wsChains.stop')}
        </Button>
      )}
      {chain.mine && !!chain.runs?.length && (
        <Button size="small" type="link" onClick={() => setOpen(true)} data-testid="chat-chain-details">
          {t('wsChains.details')}
        </Button>
      )}
      {open && (
        <Modal open onCancel={() => setOpen(false)} footer={null} title={t('wsChains.detailsTitle')} width={480} className="chat-chain-dialog">
          <ol className="chat-chain-list" data-testid="chat-chain-list">
            {(chain.runs ?? []).map((r, i) => {
              const seq = r.answerId ? seqOf?.(r.answerId) : undefined;
              return (
                <li key={r.runId} data-testid="chat-chain-step" data-run={r.runId}>
                  <span className="chat-chain-step-n">{t('wsChains.step', { n: i + 1 })}</span>
                  {seq !== undefined && onJump ? (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => {
                        setOpen(false);
                        onJump(seq);
                      }}
                    >
                      {names[i]}
                    </Button>
                  ) : (
                    <span className="chat-chain-step-name">{names[i]}</span>
                  )}
                  <span className="chat-chain-step-state">{stepState(t, r)}</span>
                  {r.charged !== null && <span className="chat-chain-step-cost">{t('wsChains.stepCharged', { value: r.charged })}</span>}
                  {r.status !== 0 && <RunReceiptButton runId={r.runId} />}
                </li>
              );
            })}
          </ol>
          {typeof chain.total === 'number' && (
            <div className="chat-chain-sum" data-testid="chat-chain-sum">
              {t('wsChains.total', { value: chain.total })}
            </div>
          )}
        </Modal>
      )}
    </div>
  );
}
