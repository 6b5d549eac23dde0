/**
 * `/apply_profile` (Team application): what members can do (publish goods, earn token revenue, lead
 * teams) and what the creator mark adds (docs/decisions/creator-flag.md), whether the member already is a creator (`isDeveloper` of the session's
 * user), "Become a creator" (`base/sys/user/becomeBlogger`, then the profile is reloaded) with
 * "Create a team" afterwards, and the public profile form.
 *
 * Decisions the spec leaves open: becoming a creator needs no form to be filled first (the server
 * asks for nothing); the profile form is shown to everyone, creator or not, since the same fields
 * make the person page.
 */
import { useState } from 'react';
import { Button, Card, Skeleton, Typography } from 'antd';
import { CrownOutlined, DollarOutlined, RocketOutlined, ShopOutlined, TeamOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { loadProfile, useAuth } from '../../app/auth';
import { calls } from '../../app/data';
import { notify } from '../../app/notify';
import WorkspaceLayout from '../WorkspaceLayout';
import CreatorProfileForm from '../teams/CreatorProfileForm';
import { tabPath } from '../nav';
import '../teams/teams.css';
import '../../i18n/workspace-texts';
import '../../i18n/teams-texts';

const BENEFITS = [
  { key: 'goods', icon: <ShopOutlined /> },
  { key: 'revenue', icon: <DollarOutlined /> },
  { key: 'teams', icon: <TeamOutlined /> },
] as const;

export default function ApplyProfile() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const user = useAuth().user;
  const [busy, setBusy] = useState(false);
  const creator = Number(user?.isDeveloper ?? 0) === 1;

  const become = async () => {
    setBusy(true);
    try {
      await calls.base.sys.user.becomeBlogger();
      await loadProfile();
      notify('success', t('wsTeams.apply.becameCreator'));
    } catch {
      /* the server's message was shown */
    } finally {
      setBusy(false);
    }
  };

  return (
    <WorkspaceLayout>
      <div className="tm-narrow" data-testid="apply-profile-page">
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('wsTeams.apply.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('wsTeams.apply.intro')}</Typography.Paragraph>
        <div className="tm-benefits">
          {BENEFITS.map((b) => (
            <Card key={b.key} size="small" className="tm-benefit" data-testid={`apply-benefit-${b.key}`}>
              {b.icon}
              <div>
                <Typography.Title level={5} style={{ margin: '0 0 4px' }}>
                  {t(`wsTeams.apply.benefits.${b.key}.title`)}
                </Typography.Title>
                <Typography.Text type="secondary">{t(`wsTeams.apply.benefits.${b.key}.text`)}</Typography.Text>
              </div>
            </Card>
          ))}
        </div>
        <Card style={{ marginBottom: 16 }} data-testid="apply-status" data-creator={creator ? '1' : '0'}>
          {!user ? (
            <Skeleton active paragraph={{ rows: 1 }} />
          ) : creator ? (
            <div className="tm-status">
              <CrownOutlined className="tm-status-icon" />
              <div className="tm-hero-text">
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {t('wsTeams.apply.isCreator')}
                </Typography.Title>
                <Typography.Text type="secondary">{t('wsTeams.apply.isCreatorText')}</Typography.Text>
              </div>
              <div className="tm-hero-actions">
                <Button type="primary" icon={<TeamOutlined />} onClick={() => navigate(`${tabPath('teams')}&create=1`)} data-testid="apply-create-team">
                  {t('wsTeams.create.button')}
                </Button>
                <Button onClick={() => navigate(tabPath('teams'))} data-testid="apply-my-teams">
                  {t('wsTeams.apply.myTeams')}
                </Button>
              </div>
            </div>
          ) : (
            <div className="tm-status">
              <RocketOutlined className="tm-status-icon" />
              <div className="tm-hero-text">
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {t('wsTeams.apply.notCreator')}
                </Typography.Title>
                <Typography.Text type="secondary">{t('wsTeams.apply.notCreatorText')}</Typography.Text>
              </div>
              <div className="tm-hero-actions">
                <Button type="primary" size="large" icon={<RocketOutlined />} loading={busy} onClick={become} data-testid="apply-become">
                  {t('wsTeams.apply.become')}
                </Button>
              </div>
            </div>
          )}
        </Card>
        <CreatorProfileForm />
      </div>
    </WorkspaceLayout>
  );
}
