/** The team's invite link (`/join_team?key=…`) and key, with copy; shown to the owner and deputies. */
import { Button, Card, Input, Space, Typography } from 'antd';
import { CopyOutlined, LinkOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { notify } from '../../app/notify';
import { copyText } from '../../components/space';
import { inviteLink } from './join-key';

export default function InviteLinkCard({ teamKey }: { teamKey: string }) {
  const { t } = useI18n();
  const link = inviteLink(window.location.origin, teamKey);
  const copy = async (text: string) => {
    try {
      await copyText(text);
      notify('success', t('common.copySuccess'));
    } catch {
      notify('error', t('wsTeams.invite.copyFailed'));
    }
  };
  return (
    <Card
      size="small"
      title={
        <span>
          <LinkOutlined /> {t('wsTeams.invite.title')}
        </span>
      }
      className="tm-block"
      data-testid="team-invite"
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('wsTeams.invite.text')}
      </Typography.Paragraph>
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={link} data-testid="team-invite-link" onFocus={(e) => e.target.select()} />
        <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy(link)} data-testid="team-invite-copy">
          {t('wsTeams.invite.copy')}
        </Button>
      </Space.Compact>
      <div className="tm-key">
        <Typography.Text type="secondary">{t('wsTeams.invite.key')}</Typography.Text>
        <Typography.Text code copyable={{ text: teamKey }} data-testid="team-invite-key">
          {teamKey}
        </Typography.Text>
      </div>
    </Card>
  );
}
