/**
 * The top of a person page: the cover (1520x240, scaled down with its aspect kept; a gradient when
 * there is none), the avatar overlapping it, the nick name (with a Creator mark for creators), the join date and the visitor's buttons.
 */
import { useState, type ReactNode } from 'react';
import { Avatar, Tag, Typography } from 'antd';
import { CrownOutlined, UserOutlined } from '@ant-design/icons';
import { useI18n } from '../../../i18n';
import { pictureOf, type PublicProfile } from '../social-calls';

export default function PersonHeader({ profile, actions }: { profile: PublicProfile; actions?: ReactNode }) {
  const { t, lang } = useI18n();
  const [coverFailed, setCoverFailed] = useState(false);
  const name = profile.nickName || `#${profile.id}`;
  return (
    <div data-testid="person-header">
      <div className="soc-cover" data-testid="person-cover">
        {profile.cover && !coverFailed && <img src={profile.cover} alt={t('wsSocial.person.cover', { name })} onError={() => setCoverFailed(true)} />}
      </div>
      <div className="soc-person-head">
        <Avatar size={96} className="soc-person-avatar" src={pictureOf(profile)} icon={<UserOutlined />} />
        <div className="soc-person-name">
          <Typography.Title level={2} data-testid="person-name">
            {name}
            {Number(profile.isDeveloper) === 1 && (
              <Tag icon={<CrownOutlined />} color="gold" className="soc-creator" data-testid="person-creator">
                {t('wsSocial.person.creator')}
              </Tag>
            )}
          </Typography.Title>
          {profile.createTime && (
            <Typography.Text type="secondary">{t('wsSocial.person.joined', { date: new Date(profile.createTime).toLocaleDateString(lang) })}</Typography.Text>
          )}
        </div>
        {actions && <div className="soc-person-actions">{actions}</div>}
      </div>
    </div>
  );
}
