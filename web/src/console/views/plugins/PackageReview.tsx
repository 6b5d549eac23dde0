/**
 * Step 2 of installing a plugin: what `upload` found in the package, for the administrator to check
 * before anything of it runs: the manifest, the SHA-256 of the package (monospace, copyable), its size,
 * the settings it takes, the version it replaces (an upgrade) and its readme.
 */
import { AppstoreOutlined } from '@ant-design/icons';
import { Alert, Avatar, Collapse, Descriptions, Space, Tag, Typography } from 'antd';
import { useI18n } from '../../../i18n';
import type { EntityMeta } from '../data/entity';
import Markdown from './Markdown';
import { kilobytes, logoSrc, type UploadAnswer } from './plugin-types';

export default function PackageReview({ meta, answer }: { meta: EntityMeta; answer: UploadAnswer }) {
  const { t } = useI18n();
  const m = answer.manifest;
  const settings = Object.entries(m.config?.properties ?? {}).map(([name, p]) => (typeof p?.title === 'string' && p.title ? p.title : name));

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="plugin-review">
      <Space align="center">
        <Avatar shape="square" size={48} src={logoSrc(m.logo)} icon={<AppstoreOutlined />} />
        <div>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {m.name}
          </Typography.Title>
          <Typography.Text type="secondary">{m.description ?? ''}</Typography.Text>
        </div>
      </Space>
      {answer.upgrade ? (
        <Alert type="warning" showIcon message={t('viewsTasks.install.upgrade', { version: answer.upgrade.version })} data-testid="plugin-upgrade" />
      ) : null}
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={meta.label('keyName')}>
          <Typography.Text code>{m.keyName}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={meta.label('version')}>{m.version}</Descriptions.Item>
        <Descriptions.Item label={meta.label('hook')}>
          <Tag>{m.hook}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={meta.label('author')}>{m.author ?? ''}</Descriptions.Item>
        <Descriptions.Item label={t('viewsTasks.install.sha256')}>
          <Typography.Text
            copyable={{ text: answer.sha256 }}
            style={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}
            data-testid="plugin-sha256"
          >
            {answer.sha256}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('viewsTasks.install.size')}>{t('viewsTasks.install.sizeKb', { n: kilobytes(answer.size) })}</Descriptions.Item>
        <Descriptions.Item label={t('viewsTasks.install.settingsFields')}>
          {settings.length ? (
            <Space size={[4, 4]} wrap>
              {settings.map((s) => (
                <Tag key={s}>{s}</Tag>
              ))}
            </Space>
          ) : (
            t('viewsTasks.install.noSettings')
          )}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary">{t('viewsTasks.install.checkHint')}</Typography.Text>
      {answer.readme ? (
        <Collapse
          size="small"
          items={[
            {
              key: 'readme',
              label: t('viewsTasks.plugin.readme'),
              children: (
                <div style={{ maxHeight: 320, overflow: 'auto' }}>
                  <Markdown text={answer.readme} />
                </div>
              ),
            },
          ]}
        />
      ) : null}
    </Space>
  );
}
