/**
 * An entity's change sets, newest first, each with its state: any opens in the review (a draft can
 * still be applied or discarded there). The last applied one can be rolled back, after a dialog that
 * says what goes and that the data it would drop is kept aside; data kept aside by a change can be
 * purged for good, after a second, danger dialog.
 */
import { Alert, Button, Empty, List, Space, Spin, Tag, Typography } from 'antd';
import { ClearOutlined, EyeOutlined, ReloadOutlined, RollbackOutlined } from '@ant-design/icons';
import { useI18n } from '../i18n';
import { changeSets, useChangeSets } from './change-sets-store';
import { STATE_COLOR } from './ChangeSetReview';
import type { ChangeSet } from './coding-api';
import { useAppApi } from '../app/app-api';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

/** What a rollback takes away, one short line per kind. */
function goesList(cs: ChangeSet): string[] {
  return [...cs.routes.added, ...cs.menus.added, ...cs.perms.added];
}

export default function ChangeHistory() {
  const { t, lang } = useI18n();
  const { modal } = useAppApi();
  const s = useChangeSets();
  const list = s.history;
  const lastApplied = list?.find((c) => c.state === 'applied')?.id ?? null;

  const rollback = (cs: ChangeSet) =>
    modal.confirm({
      title: t('changes.history.rollbackTitle', { id: cs.id, key: cs.entityKey }),
      width: 560,
      content: (
        <div data-testid="cs-rollback-dialog">
          <Typography.Paragraph>{t(cs.kind === 'create' ? 'changes.history.rollbackCreate' : 'changes.history.rollbackChange')}</Typography.Paragraph>
          {cs.rollbackSql.length ? (
            <ul style={{ paddingInlineStart: 18, maxHeight: 160, overflow: 'auto' }}>
              {cs.rollbackSql.map((sql, i) => (
                <li key={i}>
                  <Typography.Text code style={{ wordBreak: 'break-all' }}>
                    {sql}
                  </Typography.Text>
                </li>
              ))}
            </ul>
          ) : null}
          {goesList(cs).length ? (
            <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
              {t('changes.history.rollbackGoes', { list: goesList(cs).join(', ') })}
            </Typography.Paragraph>
          ) : null}
          <Alert type="info" showIcon message={t('changes.history.keptAside')} />
        </div>
      ),
      okText: t('changes.history.rollback'),
      okButtonProps: { 'data-testid': 'cs-rollback-ok' },
      onOk: () => changeSets.act('rollback', cs, lang),
    });

  const purge = (cs: ChangeSet) =>
    modal.confirm({
      title: t('changes.history.purgeTitle'),
      content: (
        <div data-testid="cs-purge-dialog">
          <Typography.Paragraph>{t('changes.history.purgeBody')}</Typography.Paragraph>
          <ul style={{ paddingInlineStart: 18 }}>
            {cs.keptAside
              .filter((k) => !k.purged)
              .map((k) => (
                <li key={`${k.table}.${k.name}`}>
                  <Typography.Text code>{k.what === 'table' ? k.name : `${k.table}.${k.name}`}</Typography.Text>
                </li>
              ))}
          </ul>
        </div>
      ),
      okText: t('changes.history.purge'),
      okButtonProps: { danger: true, 'data-testid': 'cs-purge-ok' },
      onOk: () => changeSets.act('purge', cs, lang),
    });

  return (
    <div data-testid="cs-history">
      <Space style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Text type="secondary">{t('changes.history.intro')}</Typography.Text>
        <Button size="small" icon={<ReloadOutlined />} onClick={() => void changeSets.reloadHistory()} aria-label={t('common.refresh')} />
      </Space>
      {s.actError ? <Alert type="error" showIcon closable style={{ marginBottom: 12 }} message={s.actError.message} data-testid="cs-act-error" /> : null}
      {s.historyFailed ? <Alert type="error" showIcon message={t('changes.history.loadFailed')} /> : null}
      {list === null && !s.historyFailed ? <Spin style={{ display: 'block', margin: '24px auto' }} /> : null}
      {list && !list.length ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('changes.history.empty')} /> : null}
      {list?.length ? (
        <List<ChangeSet>
          size="small"
          dataSource={list}
          renderItem={(cs) => {
            const kept = cs.keptAside.filter((k) => !k.purged);
            return (
              <List.Item
                data-testid={`cs-item-${cs.id}`}
                data-state={cs.state}
                actions={[
                  <Button key="show" size="small" type="link" icon={<EyeOutlined />} onClick={() => changeSets.show(cs)} data-testid={`cs-show-${cs.id}`}>
                    {t('changes.history.show')}
                  </Button>,
                  ...(cs.id === lastApplied
                    ? [
                        <Button
                          key="rollback"
                          size="small"
                          icon={<RollbackOutlined />}
                          loading={s.acting === cs.id}
                          onClick={() => rollback(cs)}
                          data-testid={`cs-rollback-${cs.id}`}
                        >
                          {t('changes.history.rollback')}
                        </Button>,
                      ]
                    : []),
                  ...(kept.length
                    ? [
                        <Button
                          key="purge"
                          size="small"
                          danger
                          icon={<ClearOutlined />}
                          loading={s.acting === cs.id}
                          onClick={() => purge(cs)}
                          data-testid={`cs-purge-${cs.id}`}
                        >
                          {t('changes.history.purge')}
                        </Button>,
                      ]
                    : []),
                ]}
              >
                <List.Item.Meta
                  title={
                    <Space size={6} wrap>
                      <Typography.Text strong>#{cs.id}</Typography.Text>
                      <Tag bordered={false}>{t(cs.kind === 'create' ? 'changes.kind.create' : 'changes.kind.change')}</Tag>
                      <Tag color={STATE_COLOR[cs.state]} data-testid={`cs-item-state-${cs.id}`}>
                        {t(`changes.state.${cs.state}`)}
                      </Tag>
                      {kept.length ? <Tag color="orange">{t('changes.history.keptCount', { count: kept.length })}</Tag> : null}
                    </Space>
                  }
                  description={
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {when(cs.rolledBackTime ?? cs.appliedTime ?? cs.createTime)} ·{' '}
                      {t('changes.history.summary', { sql: cs.sql.length, warnings: cs.warnings.length })}
                    </Typography.Text>
                  }
                />
              </List.Item>
            );
          }}
        />
      ) : null}
    </div>
  );
}
