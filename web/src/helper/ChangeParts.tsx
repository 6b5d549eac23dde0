/**
 * The parts of a change set that the review and the history share: its warnings (data loss first,
 * in an error alert), its SQL statements numbered in the code font, and what it adds to and removes
 * from the routes, menus and permission keys.
 */
import { Alert, Empty, Space, Tag, Typography, theme } from 'antd';
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { useI18n } from '../i18n';
import type { AddedRemoved, ChangeSet, WarningKind } from './coding-api';

/** Warnings whose change loses data the table holds now. */
export const DATA_LOSS: ReadonlySet<WarningKind> = new Set(['drop', 'shorten']);

export const losesData = (cs: ChangeSet | null): boolean => !!cs?.warnings.some((w) => DATA_LOSS.has(w.kind));

export function Warnings({ cs }: { cs: ChangeSet }) {
  const { t } = useI18n();
  const loss = cs.warnings.filter((w) => DATA_LOSS.has(w.kind));
  const other = cs.warnings.filter((w) => !DATA_LOSS.has(w.kind));
  const list = (ws: ChangeSet['warnings']) => (
    <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
      {ws.map((w, i) => (
        <li key={i} data-kind={w.kind}>
          <Typography.Text code>{w.field}</Typography.Text> {w.message}
        </li>
      ))}
    </ul>
  );
  return (
    <>
      {loss.length ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('changes.warn.lossTitle')}
          description={
            <>
              {list(loss)}
              <div style={{ marginTop: 4 }}>{t('changes.warn.lossKept')}</div>
            </>
          }
          data-testid="cs-data-loss"
        />
      ) : null}
      {other.length ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('changes.warn.checkTitle')}
          description={list(other)}
          data-testid="cs-warnings"
        />
      ) : null}
    </>
  );
}

export function SqlList({ statements, testId }: { statements: string[]; testId: string }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  if (!statements.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('changes.sql.none')} />;
  return (
    <ol data-testid={testId} style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none', display: 'grid', gap: 8 }}>
      {statements.map((sql, i) => (
        <li key={i} style={{ display: 'flex', gap: 8, minWidth: 0 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12, lineHeight: '22px', minWidth: 20, textAlign: 'right' }}>
            {i + 1}
          </Typography.Text>
          <pre
            style={{
              flex: 1,
              minWidth: 0,
              margin: 0,
              padding: '4px 10px',
              overflow: 'auto',
              maxHeight: 240,
              fontSize: 12,
              lineHeight: 1.55,
              fontFamily: token.fontFamilyCode,
              background: token.colorFillQuaternary,
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadius,
              whiteSpace: 'pre',
            }}
          >
            {sql}
          </pre>
        </li>
      ))}
    </ol>
  );
}

function Changes({ title, value, testId }: { title: string; value: AddedRemoved; testId: string }) {
  const { t } = useI18n();
  const rows = [...value.added.map((v) => ({ v, added: true })), ...value.removed.map((v) => ({ v, added: false }))];
  return (
    <div data-testid={testId} style={{ marginBottom: 16 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {rows.length ? (
        <Space direction="vertical" size={4} style={{ width: '100%' }}>
          {rows.map(({ v, added }) => (
            <div
              key={`${added ? '+' : '-'}${v}`}
              data-change={added ? 'added' : 'removed'}
              style={{ display: 'flex', gap: 8, alignItems: 'baseline', minWidth: 0 }}
            >
              <Tag color={added ? 'success' : 'error'} icon={added ? <PlusOutlined /> : <MinusOutlined />} style={{ marginInlineEnd: 0 }}>
                {added ? t('changes.access.added') : t('changes.access.removed')}
              </Tag>
              <Typography.Text code style={{ wordBreak: 'break-all' }}>
                {v}
              </Typography.Text>
            </div>
          ))}
        </Space>
      ) : (
        <Typography.Text type="secondary">{t('changes.access.none')}</Typography.Text>
      )}
    </div>
  );
}

/** Routes, menus and permission keys the change set adds or removes. */
export function AccessChanges({ cs }: { cs: ChangeSet }) {
  const { t } = useI18n();
  return (
    <div data-testid="cs-access">
      <Changes title={t('changes.access.routes')} value={cs.routes} testId="cs-routes" />
      <Changes title={t('changes.access.menus')} value={cs.menus} testId="cs-menus" />
      <Changes title={t('changes.access.perms')} value={cs.perms} testId="cs-perms" />
    </div>
  );
}
