/**
 * A team's invite link (`/join_team?key=…` on this site) in a read-only field with a copy button.
 * Copying uses the Clipboard API and falls back to selecting the text and `execCommand('copy')`
 * (plain http on a LAN address has no Clipboard API).
 */
import { useRef } from 'react';
import { Button, Input, Space, type InputRef } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { useAppApi } from '../../app/app-api';

export function inviteUrl(key: string, origin = window.location.origin): string {
  return `${origin}/join_team?key=${encodeURIComponent(key)}`;
}

async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* denied: try the old way */
  }
  if (!input) return false;
  input.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

export default function InviteLink({ teamKey }: { teamKey: string }) {
  const { t } = useI18n();
  const { message } = useAppApi();
  const ref = useRef<InputRef>(null);
  const url = inviteUrl(teamKey);
  const copy = async () => {
    if (await copyText(url, ref.current?.input ?? null)) void message.success(t('wsBoard.invite.copied'));
    else void message.warning(t('wsBoard.invite.copyFailed'));
  };
  return (
    <Space.Compact block>
      <Input ref={ref} readOnly value={url} aria-label={t('wsBoard.invite.link')} data-testid="board-invite-link" onFocus={(e) => e.currentTarget.select()} />
      <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="board-invite-copy">
        {t('wsBoard.invite.copy')}
      </Button>
    </Space.Compact>
  );
}
