/**
 * A write an AI member proposed, as a card in its answer: what it would do (the tool, its input),
 * and for the member who asked, Confirm and Cancel (ai/tool/confirm, ai/tool/cancel). It runs as
 * them, once: a second confirm, here or on another device, is told it is no longer waiting (the
 * http layer shows the server's message) and the card shows the state the server keeps. Others
 * in the group see that it waits for the asker.
 */
import { useEffect, useState } from 'react';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { calls } from '../../app/data';
import { useI18n } from '../../i18n';
import '../../i18n/chat-tools-texts';
import './chat-tools.css';
import { prettyJson, proposalState, type ProposalState, type ProposalView } from './tool-calls';

const STATE_COLOR: Record<ProposalState, string> = {
  pending: 'gold',
  running: 'blue',
  done: 'green',
  failed: 'red',
  refused: 'red',
  cancelled: 'default',
};

export interface ToolProposalProps {
  proposal: ProposalView;
  /** The viewer is the member who asked: only they may confirm or cancel. */
  mine: boolean;
  /** Told of the state after a confirm or a cancel (the result of a confirm with it). */
  onChange?: (state: ProposalState, result?: unknown) => void;
}

export default function ToolProposal({ proposal, mine, onChange }: ToolProposalProps) {
  const { t } = useI18n();
  const [state, setState] = useState<ProposalState>(proposal.state);
  const [busy, setBusy] = useState<'confirm' | 'cancel' | null>(null);
  // A change told by the server (a confirm on another device) replaces what this card knew.
  useEffect(() => setState(proposal.state), [proposal.state]);

  const act = async (kind: 'confirm' | 'cancel') => {
    setBusy(kind);
    try {
      const r = kind === 'confirm' ? await calls.ai.tool.confirm({ id: proposal.id }) : await calls.ai.tool.cancel({ id: proposal.id });
      const next = proposalState(r.state);
      setState(next);
      onChange?.(next, 'result' in r ? r.result : undefined);
    } catch {
      // The http layer showed the server's words (no longer waiting, no permission); the card keeps its state.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card size="small" className="chat-tool-proposal" data-testid="chat-tool-proposal">
      <Space direction="vertical" size={2} style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text strong>{t('wsChatTools.proposal')}</Typography.Text>
          <Tag color={STATE_COLOR[state]} data-testid="chat-tool-proposal-state">
            {t(`wsChatTools.${state}`)}
          </Tag>
        </Space>
        <span className="chat-tool-name">{proposal.tool}</span>
        {proposal.description ? <Typography.Text type="secondary">{proposal.description}</Typography.Text> : null}
        <pre className="chat-tool-json">{prettyJson(proposal.input)}</pre>
        {state === 'pending' ? (
          mine ? (
            <>
              <Typography.Text type="secondary">{t('wsChatTools.proposalHint')}</Typography.Text>
              <div className="chat-tool-proposal-actions">
                <Button
                  type="primary"
                  icon={<CheckOutlined />}
                  loading={busy === 'confirm'}
                  disabled={busy !== null}
                  onClick={() => void act('confirm')}
                  data-testid="chat-tool-confirm"
                >
                  {t('wsChatTools.confirm')}
                </Button>
                <Button
                  icon={<CloseOutlined />}
                  loading={busy === 'cancel'}
                  disabled={busy !== null}
                  onClick={() => void act('cancel')}
                  data-testid="chat-tool-cancel"
                >
                  {t('wsChatTools.cancel')}
                </Button>
              </div>
            </>
          ) : (
            <Typography.Text type="secondary">{t('wsChatTools.othersProposal')}</Typography.Text>
          )
        ) : null}
      </Space>
    </Card>
  );
}
