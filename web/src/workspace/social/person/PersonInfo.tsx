/** A person's counts, tags and share links (copy this page's address, share it to X, their own links). */
import { Button, Card, Tag, Typography } from 'antd';
import { LinkOutlined, XOutlined } from '@ant-design/icons';
import { useI18n } from '../../../i18n';
import { parseTags, shareLinks, tweetUrl } from '../profile';
import type { PublicProfile } from '../social-calls';

function Stat({ value, label, testId }: { value: number | null | undefined; label: string; testId: string }) {
  return (
    <div className="soc-stat" data-testid={testId}>
      <b>{Number(value ?? 0).toLocaleString()}</b>
      <span>{label}</span>
    </div>
  );
}

export default function PersonInfo({ profile, pageUrl }: { profile: PublicProfile; pageUrl: string }) {
  const { t } = useI18n();
  const tags = parseTags(profile.tags);
  const links = shareLinks(profile.shareLink);
  const name = profile.nickName || `#${profile.id}`;
  return (
    <Card size="small">
      <div className="soc-stats">
        <Stat testId="person-following" value={profile.followCount} label={t('wsSocial.person.following')} />
        <Stat testId="person-followers" value={profile.fansCount} label={t('wsSocial.person.followers')} />
        <Stat testId="person-likes" value={profile.like} label={t('wsSocial.person.likes')} />
      </div>
      {tags.length > 0 && (
        <div className="soc-chips" style={{ marginTop: 12 }} data-testid="person-tags">
          {tags.map((tag) => (
            <Tag key={tag} color="orange">
              {tag}
            </Tag>
          ))}
        </div>
      )}
      <div style={{ marginTop: 12 }} data-testid="person-share">
        <Typography.Text type="secondary">{t('wsSocial.person.share')}</Typography.Text>
        <Typography.Paragraph
          className="soc-mono"
          copyable={{ text: pageUrl, tooltips: [t('wsSocial.person.copyLink'), t('wsSocial.person.copied')] }}
          style={{ margin: '4px 0 8px' }}
        >
          {pageUrl}
        </Typography.Paragraph>
        <div className="soc-chips">
          <Button size="small" icon={<XOutlined />} href={tweetUrl(pageUrl, name)} target="_blank" rel="noopener noreferrer" data-testid="person-share-x">
            {t('wsSocial.person.shareX')}
          </Button>
          {links.map((l) => (
            <Button key={l.name} size="small" icon={<LinkOutlined />} href={l.url} target="_blank" rel="noopener noreferrer nofollow">
              {l.name}
            </Button>
          ))}
        </div>
      </div>
    </Card>
  );
}
