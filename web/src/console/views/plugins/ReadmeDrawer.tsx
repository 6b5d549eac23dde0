/**
 * A plugin's details and readme: key, version, hook, author, the installed package's SHA-256, the load
 * or enable failure when there is one, and the readme rendered from markdown (Markdown.tsx, never as HTML).
 */
import { Alert, Descriptions, Divider, Drawer, Empty, Grid, Tag, Typography } from 'antd';
import { useI18n } from '../../../i18n';
import { formatTime, type EntityMeta } from '../data/entity';
import Markdown from './Markdown';
import type { PluginRow } from './plugin-types';

export default function ReadmeDrawer({ meta, row, onClose }: { meta: EntityMeta; row: PluginRow | null; onClose: () => void }) {
  const { t } = useI18n();
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      open={row !== null}
      width={screens.md ? 720 : '100%'}
      title={row?.name ?? ''}
      onClose={onClose}
      destroyOnHidden
      data-testid="plugin-readme-drawer"
      styles={{ body: { padding: screens.md ? 24 : 12 } }}
    >
      {row ? (
        <>
          {row.error ? <Alert type="error" showIcon message={t('viewsTasks.plugin.failed')} description={row.error} style={{ marginBottom: 16 }} /> : null}
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={meta.label('keyName')}>
              <Typography.Text code>{row.keyName}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={meta.label('version')}>{row.version ?? ''}</Descriptions.Item>
            <Descriptions.Item label={meta.label('hook')}>{row.hook ? <Tag>{row.hook}</Tag> : null}</Descriptions.Item>
            <Descriptions.Item label={meta.label('author')}>{row.author ?? ''}</Descriptions.Item>
            {row.sha256 ? (
              <Descriptions.Item label={t('viewsTasks.install.sha256')}>
                <Typography.Text copyable style={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}>
                  {row.sha256}
                </Typography.Text>
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('viewsData.updatedAt')}>{formatTime(row.updateTime)}</Descriptions.Item>
          </Descriptions>
          <Divider orientation="left" plain>
            {t('viewsTasks.plugin.readme')}
          </Divider>
          {row.readme ? <Markdown text={row.readme} /> : <Empty description={t('viewsTasks.plugin.noReadme')} />}
        </>
      ) : null}
    </Drawer>
  );
}
