/**
 * The team's latest notices: the type-9 messages among the team chat's last 200 (`message/messageList`),
 * newest first, with who posted them. Reloaded when a notice arrives in the team's room, when one is
 * sent from here, and on team notifications (`version`).
 *
 * Decision the spec leaves open: notices older than the last 200 messages are not looked for; the
 * team chat holds them all.
 */
import { useCallback, useEffect, useState } from 'react';
import { Card, List, Typography } from 'antd';
import { SoundOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { calls } from '../../app/data';
import type { ChatMessage } from '../../app/socket';
import { useNotice } from '../realtime';
import { memberName, type TeamMember } from './team-model';
import { NOTICE_MESSAGE_TYPE, noticesOf, noticeText } from './team-notice';

const SCAN = 200;

export default function RecentNotices({ groupId, version, members }: { groupId: number; version: number; members: TeamMember[] | null }) {
  const { t, lang } = useI18n();
  const [list, setList] = useState<ChatMessage[] | null>(null);
  const [own, setOwn] = useState(0);

  useEffect(() => {
    let live = true;
    (calls.base.message.messageList({ toType: 1, toId: groupId, size: SCAN }, { silent: true }) as Promise<{ list: ChatMessage[] }>)
      .then((r) => live && setList(noticesOf(Array.isArray(r?.list) ? r.list : [])))
      .catch(() => live && setList((l) => l ?? []));
    return () => {
      live = false;
    };
  }, [groupId, version, own]);

  const onMessage = useCallback(
    (m: ChatMessage) => {
      if (m.toType === 1 && Number(m.toId) === groupId && Number(m.type) === NOTICE_MESSAGE_TYPE) setOwn((v) => v + 1);
    },
    [groupId],
  );
  useNotice('message', onMessage);

  const who = (fromId: number) => {
    const m = members?.find((x) => x.userId === fromId);
    return m ? memberName(m) : `#${fromId}`;
  };
  const when = (iso?: string) =>
    iso ? new Date(iso).toLocaleString(lang === 'en' ? 'en' : lang === 'zh-tw' ? 'zh-TW' : 'zh-CN', { dateStyle: 'medium', timeStyle: 'short' }) : '';

  return (
    <Card
      size="small"
      className="tm-block"
      title={
        <span>
          <SoundOutlined /> {t('wsTeams.notice.recent')}
        </span>
      }
      data-testid="team-notices"
    >
      <List
        loading={list === null}
        dataSource={list ?? []}
        locale={{ emptyText: t('wsTeams.notice.none') }}
        renderItem={(m) => (
          <List.Item data-testid="team-notice-item" className="tm-notice-item">
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{noticeText(m.content)}</Typography.Paragraph>
            <Typography.Text type="secondary" className="tm-notice-meta">
              {who(m.fromId)} · {when(m.createTime)}
            </Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}
