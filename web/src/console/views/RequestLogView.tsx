/** The request log: newest first, keyword search, the days it keeps, and clearing it. */
import { useEffect, useRef, useState } from 'react';
import { Button, InputNumber, Modal, Space, Tag, Tooltip, Typography } from 'antd';
import { ClearOutlined, SaveOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useCan } from '../../app/auth';
import { useI18n } from '../../i18n';
import { confirmThen } from './system/confirm';
import { calls, type Row } from '../../app/data';
import { formatTime } from './data/entity';
import CrudTable from '../crud/CrudTable';
import type { Row as CrudRow } from '../crud/table-columns';
import EntityGate from './data/EntityGate';
import type { EntityMeta } from './data/entity';
import { useAppApi } from '../../app/app-api';

type LogRow = Row<'base/sys/log'>;
const log = (r: CrudRow) => r as unknown as LogRow;

const perm = (action: string) => `base:sys:log:${action}`;
const SHORT = 60;

/** Parameters as stored (often JSON), indented when they parse. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function KeepDays() {
  const { t } = useI18n();
  const can = useCan();
  const [days, setDays] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const mayRead = can(perm('getKeep'));
  useEffect(() => {
    if (!mayRead) return;
    (calls.base.sys.log.getKeep({}, { silent: true }) as Promise<number>).then(
      (n) => setDays(Number(n)),
      () => undefined,
    );
  }, [mayRead]);
  if (!can(perm('getKeep')) && !can(perm('setKeep'))) return null;
  const save = async () => {
    if (days === null) return;
    setSaving(true);
    try {
      await calls.base.sys.log.setKeep({ value: days }, { successMessage: t('common.saveSuccess') });
    } catch {
      /* the client already showed the server's message */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Space.Compact>
      <InputNumber
        min={1}
        max={10000}
        precision={0}
        value={days}
        onChange={(v) => setDays(v)}
        disabled={!can(perm('setKeep'))}
        addonBefore={t('viewsSystem.log.keepDays')}
        aria-label={t('viewsSystem.log.keepDays')}
        style={{ width: 200 }}
      />
      {can(perm('setKeep')) && (
        <Tooltip title={t('common.save')}>
          <Button icon={<SaveOutlined />} loading={saving} onClick={() => void save()} aria-label={t('common.save')} />
        </Tooltip>
      )}
    </Space.Compact>
  );
}

/** The log's total is an estimate from table statistics; a page that is not full tells the exact one. */
function exactTotal(answer: { list: CrudRow[]; total: number }, body: Record<string, unknown>): { list: CrudRow[]; total: number } {
  const size = Number(body.size);
  const page = Number(body.page);
  const total = answer.list.length < size ? (page - 1) * size + answer.list.length : Math.max(answer.total, page * size);
  return { list: answer.list, total };
}

function Screen({ meta }: { meta: EntityMeta }) {
  const { t } = useI18n();
  const can = useCan();
  const { modal } = useAppApi();
  const table = useRef<ActionType>(undefined);
  const [preview, setPreview] = useState<string | null>(null);

  const clear = () =>
    confirmThen(
      modal,
      t('viewsSystem.log.confirmClear'),
      async () => {
        await calls.base.sys.log.clear({}, { successMessage: t('common.operationSuccess') });
        void table.current?.reload();
      },
      true,
    );

  const columns: ProColumns<CrudRow>[] = [
    { title: t('viewsSystem.log.time'), dataIndex: 'createTime', width: 170, render: (_, r) => formatTime(r.createTime) },
    {
      title: t('viewsSystem.log.user'),
      dataIndex: 'userName',
      width: 150,
      ellipsis: true,
      render: (_, r) => (
        <>
          {log(r).userName ?? (log(r).userId ? `#${log(r).userId}` : '-')}
          {log(r).apiKey ? (
            <Tooltip title={t('viewsSystem.log.viaKey')}>
              <Tag bordered={false} style={{ marginInlineStart: 6 }} data-testid="log-api-key">
                {log(r).apiKey}
              </Tag>
            </Tooltip>
          ) : null}
        </>
      ),
    },
    {
      title: t('viewsSystem.log.ip'),
      dataIndex: 'ip',
      width: 170,
      ellipsis: true,
      render: (_, r) => <Typography.Text code>{(log(r).ip ?? '').replace(/^::ffff:/, '')}</Typography.Text>,
    },
    { title: t('viewsSystem.log.action'), dataIndex: 'action', ellipsis: true },
    {
      title: t('viewsSystem.log.params'),
      dataIndex: 'params',
      width: 300,
      render: (_, r) => {
        const params = log(r).params;
        return params ? (
          <Typography.Link onClick={() => setPreview(params)} style={{ fontFamily: 'monospace', fontSize: 12 }}>
            {params.length > SHORT ? `${params.slice(0, SHORT)}…` : params}
          </Typography.Link>
        ) : (
          '-'
        );
      },
    },
  ];

  return (
    <div data-testid="log-screen">
      <CrudTable
        entry={meta.entry}
        entityKey="base/sys/log"
        actionRef={table}
        title={t('viewsSystem.log.title')}
        keywordPlaceholder={t('viewsSystem.log.searchHint')}
        tools={{ import: false, export: false }}
        shapePage={exactTotal}
        table={() => ({ size: 'small', scroll: { x: 1000 } })}
        slots={{
          columns,
          toolbar: (items) => [
            items.keyword,
            <KeepDays key="keep" />,
            can(perm('clear')) && (
              <Button key="clear" danger icon={<ClearOutlined />} onClick={clear}>
                {t('viewsSystem.log.clear')}
              </Button>
            ),
          ],
        }}
      />
      <Modal open={preview !== null} title={t('viewsSystem.log.params')} onCancel={() => setPreview(null)} footer={null} width={720}>
        <pre style={{ maxHeight: 480, overflow: 'auto', margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{preview ? pretty(preview) : ''}</pre>
      </Modal>
    </div>
  );
}

export default function RequestLogView() {
  return <EntityGate keys={['base/sys/log']}>{([meta]) => <Screen meta={meta} />}</EntityGate>;
}
