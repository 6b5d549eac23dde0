/**
 * The owner's and deputies' notice form: `message/sendTeamNotice {groupId, content, clientId}`. The
 * clientId stays with the text until it is sent (team-notice.ts), so "Send again" after a failure
 * never posts the notice twice.
 */
import { useState } from 'react';
import { Button, Card, Input } from 'antd';
import { NotificationOutlined, SendOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { calls } from '../../app/data';
import { notify } from '../../app/notify';
import { newClientId } from '../chat/chat-store';
import { NOTICE_MAX, noticeAttempt, type NoticeAttempt } from './team-notice';

export default function TeamNoticeForm({ groupId, onSent }: { groupId: number; onSent: () => void }) {
  const { t } = useI18n();
  const [text, setText] = useState('');
  const [pending, setPending] = useState<NoticeAttempt | null>(null);
  const [busy, setBusy] = useState(false);
  const retrying = pending !== null && pending.content === text.trim();

  const send = async () => {
    if (!text.trim() || busy) return;
    const attempt = noticeAttempt(pending, text, newClientId);
    setPending(attempt);
    setBusy(true);
    try {
      await calls.base.message.sendTeamNotice({ groupId, content: attempt.content, clientId: attempt.clientId });
      notify('success', t('wsTeams.notice.sent'));
      setText('');
      setPending(null);
      onSent();
    } catch {
      /* kept: the same clientId goes with "Send again" */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      size="small"
      className="tm-block"
      title={
        <span>
          <NotificationOutlined /> {t('wsTeams.notice.title')}
        </span>
      }
      data-testid="team-notice"
    >
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={NOTICE_MAX}
        showCount
        autoSize={{ minRows: 3, maxRows: 8 }}
        placeholder={t('wsTeams.notice.placeholder')}
        data-testid="team-notice-input"
      />
      <div className="tm-notice-actions">
        <Button type="primary" icon={<SendOutlined />} loading={busy} disabled={!text.trim()} onClick={send} data-testid="team-notice-send">
          {retrying ? t('wsTeams.notice.retry') : t('wsTeams.notice.send')}
        </Button>
      </div>
    </Card>
  );
}
