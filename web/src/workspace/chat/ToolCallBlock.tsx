/**
 * The tools an AI member used in one answer, folded under one line ("Tools used (2)"): each call
 * with its name, whether it ran, was proposed or was not run, and, unfolded, its input and its
 * result or why it was refused. Rendered inside the AI member's message; the data come with it.
 */
import { Collapse, Tag, Typography } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import '../../i18n/chat-tools-texts';
import './chat-tools.css';
import { isTruncated, prettyJson, type ToolCallView } from './tool-calls';

const OUTCOME_COLOR = { ran: 'green', proposed: 'gold', refused: 'default' } as const;

export interface ToolCallBlockProps {
  calls: ToolCallView[];
}

export default function ToolCallBlock({ calls }: ToolCallBlockProps) {
  const { t } = useI18n();
  if (!calls.length) return null;
  const outcomeText = (c: ToolCallView) =>
    c.outcome === 'proposed' ? t('wsChatTools.proposedTag') : c.outcome === 'refused' || c.error ? t('wsChatTools.refusedTag') : t('wsChatTools.ran');
  return (
    <Collapse
      className="chat-tools"
      size="small"
      data-testid="chat-tool-calls"
      items={[
        {
          key: 'tools',
          label: (
            <span>
              <ToolOutlined /> {t('wsChatTools.calls', { count: calls.length })}
            </span>
          ),
          children: (
            <Collapse
              size="small"
              ghost
              items={calls.map((c) => ({
                key: String(c.id),
                label: (
                  <span data-testid="chat-tool-call">
                    <span className="chat-tool-name">{c.name}</span> <Tag color={c.error ? 'red' : OUTCOME_COLOR[c.outcome]}>{outcomeText(c)}</Tag>
                    <Typography.Text type="secondary">{t('wsChatTools.ms', { value: Math.round(c.ms) })}</Typography.Text>
                  </span>
                ),
                children: (
                  <div>
                    <Typography.Text strong>{t('wsChatTools.input')}</Typography.Text>
                    <pre className="chat-tool-json">{prettyJson(c.input ?? {})}</pre>
                    {c.error ? (
                      <>
                        <Typography.Text strong type="danger">
                          {t('wsChatTools.error')}
                        </Typography.Text>
                        <pre className="chat-tool-json">{c.error.message}</pre>
                      </>
                    ) : c.outcome === 'ran' ? (
                      <>
                        <Typography.Text strong>{t('wsChatTools.result')}</Typography.Text>
                        {isTruncated(c.result) ? <Typography.Paragraph type="secondary">{t('wsChatTools.truncated')}</Typography.Paragraph> : null}
                        <pre className="chat-tool-json">{isTruncated(c.result) ? c.result.text : prettyJson(c.result)}</pre>
                      </>
                    ) : null}
                  </div>
                ),
              }))}
            />
          ),
        },
      ]}
    />
  );
}
