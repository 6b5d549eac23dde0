/** The request log: newest first, keyword search, the days it keeps, and clearing it. */
import { useEffect, useRef, useState } from 'react';
import { App, Button, Input, InputNumber, Modal, Space, Tooltip, Typography } from 'antd';
import { ClearOutlined, SaveOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { api } from '../../app/api';
import { useCan } from '../../app/auth';
import { useI18n } from '../../i18n';
import { confirmThen } from './system/confirm';
import { LOG_PREFIX, type Page } from './system/types';
import { formatTime } from './system/use-list';

interface LogRow {
  id: number;
  userId: number | null;
  userName: string | null;
  action: string | null;
  ip: string | null;
  params: string | null;
  createTime: string;
}

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
    api.get<number>(`${LOG_PREFIX}/getKeep`, { silent: true }).then(
      (n) => setDays(Number(n)),
      () => undefined,
    );
  }, [mayRead]);
  if (!can(perm('getKeep')) && !can(perm('setKeep'))) return null;
  const save = async () => {
    if (days === null) return;
    setSaving(true);
    try {
      await api.post(`${LOG_PREFIX}/setKeep`, { value: days }, { successMessage: t('common.saveSuccess') });
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

export default function RequestLogView() {
  const { t } = useI18n();
  const can = useCan();
  const { modal } = App.useApp();
  const table = useRef<ActionType>(undefined);
  const [keyWord, setKeyWord] = useState('');
  const [preview, setPreview] = useState<string | null>(null);

  const clear = () =>
    confirmThen(
      modal,
      t('viewsSystem.log.confirmClear'),
      async () => {
        await api.post(`${LOG_PREFIX}/clear`, {}, { successMessage: t('common.operationSuccess') });
        void table.current?.reload();
      }, true,
    );

  const columns: ProColumns<LogRow>[] = [
    { title: t('viewsSystem.log.time'), dataIndex: 'createTime', width: 170, render: (_, r) => formatTime(r.createTime) },
    { title: t('viewsSystem.log.user'), dataIndex: 'userName', width: 150, ellipsis: true, render: (_, r) => r.userName ?? (r.userId ? `#${r.userId}` : '-') },
    { title: t('viewsSystem.log.ip'), dataIndex: 'ip', width: 170, ellipsis: true, render: (_, r) => <Typography.Text code>{(r.ip ?? '').replace(/^::ffff:/, '')}</Typography.Text> },
    { title: t('viewsSystem.log.action'), dataIndex: 'action', ellipsis: true },
    {
      title: t('viewsSystem.log.params'),
      dataIndex: 'params',
      width: 300,
      render: (_, r) =>
        r.params ? (
          <Typography.Link onClick={() => setPreview(r.params)} style={{ fontFamily: 'monospace', fontSize: 12 }}>
            {r.params.length > SHORT ? `${r.params.slice(0, SHORT)}…` : r.params}
          </Typography.Link>
        ) : (
          '-'
        ),
    },
  ];

  return (
    <div data-testid="log-screen">
      <ProTable<LogRow>
        actionRef={table}
        rowKey="id"
        headerTitle={t('viewsSystem.log.title')}
        columns={columns}
        search={false}
        size="small"
        scroll={{ x: 1000 }}
        params={{ keyWord }}
        request={async (p) => {
          const body: Record<string, unknown> = { page: p.current ?? 1, size: p.pageSize ?? 20 };
          if (keyWord) body.keyWord = keyWord;
          try {
            const r = await api.post<Page<LogRow>>(`${LOG_PREFIX}/page`, body);
            // The log's total is an estimate from table statistics; a page that is not full tells the exact one.
            const size = Number(body.size);
            const total = r.list.length < size ? (Number(body.page) - 1) * size + r.list.length : Math.max(r.pagination.total, Number(body.page) * size);
            return { data: r.list, total, success: true };
          } catch {
            return { data: [], total: 0, success: false };
          }
        }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        options={{ reload: true, density: true, setting: true }}
        toolBarRender={() => [
          <Space key="tools" wrap style={{ justifyContent: 'flex-end' }}>
            <Input.Search key="search" allowClear data-testid="crud-keyword" placeholder={t('viewsSystem.log.searchHint')} onSearch={(v) => setKeyWord(v.trim())} style={{ width: 220 }} />
            <KeepDays key="keep" />
            {can(perm('clear')) && (
              <Button key="clear" danger icon={<ClearOutlined />} onClick={clear}>
                {t('viewsSystem.log.clear')}
              </Button>
            )}
          </Space>,
        ]}
      />
      <Modal open={preview !== null} title={t('viewsSystem.log.params')} onCancel={() => setPreview(null)} footer={null} width={720}>
        <pre style={{ maxHeight: 480, overflow: 'auto', margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{preview ? pretty(preview) : ''}</pre>
      </Modal>
    </div>
  );
}
