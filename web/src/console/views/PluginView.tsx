/**
 * Plugins (plugin/info, issue 19): the installed plugins (logo, name, key, version, hook, an
 * enable/disable switch whose refusal the server explains, a "failed" tag with the error), Install in
 * two steps (plugins/InstallDialog.tsx), the settings form rendered from the plugin's schema
 * (plugins/PluginConfigDrawer.tsx, loaded lazily with @rjsf), the readme, delete, and the plugin log.
 */
import { Suspense, lazy, useRef, useState } from 'react';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { Avatar, Button, Space, Spin, Switch, Tabs, Tag, Tooltip, Typography } from 'antd';
import { AppstoreOutlined, CloudUploadOutlined, CodeOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useCan } from '../../app/auth';
import { useI18n } from '../../i18n';
import RowActions from '../../components/RowActions';
import CrudTable from '../crud/CrudTable';
import { mayUse } from '../crud/fields';
import type { Row as CrudRow } from '../crud/table-columns';
import { epsData } from '../eps';
import EntityGate from './data/EntityGate';
import { useEntities, type EntityMeta } from './data/entity';
import InstallDialog from './plugins/InstallDialog';
import PluginLogTable from './plugins/PluginLogTable';
import ReadmeDrawer from './plugins/ReadmeDrawer';
import { configSchemaOf, logoSrc, type PluginRow } from './plugins/plugin-types';
import '../../i18n/helper-texts';
import { useAppApi } from '../../app/app-api';

const PluginConfigDrawer = lazy(() => import('./plugins/PluginConfigDrawer'));

const plugin = (r: CrudRow) => r as unknown as PluginRow;

function Screen({ meta }: { meta: EntityMeta }) {
  const { t } = useI18n();
  const { modal } = useAppApi();
  const can = useCan();
  const navigate = useNavigate();
  const table = useRef<ActionType>(undefined);
  const logs = useEntities(['plugin/log']);
  const logMeta = logs ? logs[0] : null;
  const [tab, setTab] = useState('installed');
  const [installing, setInstalling] = useState(false);
  const [configOf, setConfigOf] = useState<PluginRow | null>(null);
  const [readmeOf, setReadmeOf] = useState<PluginRow | null>(null);
  const [switching, setSwitching] = useState<number | null>(null);
  const [keyNames, setKeyNames] = useState<string[]>([]);
  const [logKey, setLogKey] = useState<string | undefined>(undefined);
  const [logLevel, setLogLevel] = useState<string | undefined>(undefined);
  const may = (action: string) => mayUse(meta.entry, action, can);
  const canLog = logMeta !== null && mayUse(logMeta.entry, 'page', can);
  const reload = () => void table.current?.reload();

  const setStatus = (r: PluginRow, on: boolean) => {
    setSwitching(r.id);
    epsData(meta.entry)
      .update({ id: r.id, status: on ? 1 : 0 }, { successMessage: t(on ? 'viewsTasks.plugin.enabled' : 'viewsTasks.plugin.disabled') })
      .then(reload, () => undefined) // refused: the client showed the server's reason
      .finally(() => setSwitching(null));
  };

  const remove = (r: PluginRow) =>
    modal.confirm({
      title: t('common.tip'),
      content: t('viewsTasks.plugin.confirmDelete', { name: r.name }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        epsData(meta.entry)
          .delete([r.id], { successMessage: t('common.deleteSuccess') })
          .then(reload, () => undefined),
    });

  const showLog = (keyName: string) => {
    setLogKey(keyName);
    setTab('log');
  };

  const columns: ProColumns<CrudRow>[] = [
    {
      title: meta.label('name'),
      dataIndex: 'name',
      width: 230,
      render: (_, r) => (
        <Space>
          <Avatar shape="square" src={logoSrc(plugin(r).logo)} icon={<AppstoreOutlined />} />
          <Space direction="vertical" size={0}>
            <Typography.Text strong>{plugin(r).name}</Typography.Text>
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: 170 }}>
              {plugin(r).description ?? ''}
            </Typography.Text>
          </Space>
        </Space>
      ),
    },
    { title: meta.label('keyName'), dataIndex: 'keyName', width: 150, render: (_, r) => <Typography.Text code>{plugin(r).keyName}</Typography.Text> },
    { title: meta.label('version'), dataIndex: 'version', width: 100 },
    { title: meta.label('hook'), dataIndex: 'hook', width: 100, render: (_, r) => (plugin(r).hook ? <Tag color="purple">{plugin(r).hook}</Tag> : null) },
    {
      title: meta.label('status'),
      dataIndex: 'status',
      width: 170,
      render: (_, r) => {
        const p = plugin(r);
        return (
          <Space size={6}>
            <Switch
              size="small"
              checked={p.status === 1}
              loading={switching === p.id}
              disabled={!may('update')}
              onChange={(on) => setStatus(p, on)}
              data-testid={`plugin-status-${p.keyName}`}
            />
            {p.error ? (
              <Tooltip title={p.error}>
                <Tag color="error" icon={<ExclamationCircleOutlined />} data-testid="plugin-failed">
                  {t('viewsTasks.plugin.failed')}
                </Tag>
              </Tooltip>
            ) : null}
          </Space>
        );
      },
    },
    { title: meta.label('author'), dataIndex: 'author', width: 130, ellipsis: true },
  ];

  const rowActions = (r: PluginRow) => (
    <RowActions icons={false} onDelete={may('delete') ? () => remove(r) : undefined}>
      {may('update') && configSchemaOf(r) ? (
        <Button type="link" size="small" onClick={() => setConfigOf(r)} data-testid={`plugin-config-${r.keyName}`}>
          {t('viewsTasks.plugin.settings')}
        </Button>
      ) : null}
      <Button type="link" size="small" onClick={() => setReadmeOf(r)} data-testid={`plugin-readme-${r.keyName}`}>
        {t('viewsTasks.plugin.readme')}
      </Button>
      {canLog ? (
        <Button type="link" size="small" onClick={() => showLog(r.keyName)}>
          {t('viewsTasks.plugin.log')}
        </Button>
      ) : null}
    </RowActions>
  );

  const installed = (
    <CrudTable
      entry={meta.entry}
      entityKey="plugin/info"
      actionRef={table}
      keywordPlaceholder={t('viewsTasks.plugin.searchPlaceholder')}
      tools={{ import: false, export: false, select: false, inlineEdit: false }}
      table={() => ({ scroll: { x: 1250 }, options: { reload: true, density: false, setting: true } })}
      shapePage={(answer) => {
        setKeyNames(answer.list.map((r) => String(r.keyName ?? '')).filter(Boolean));
        return answer;
      }}
      slots={{
        columns,
        toolbar: (items) => [
          items.keyword,
          may('install') || may('upload') ? (
            <Button key="install" type="primary" icon={<CloudUploadOutlined />} onClick={() => setInstalling(true)} data-testid="plugin-install">
              {t('viewsTasks.plugin.install')}
            </Button>
          ) : null,
          // The quick-coding creator (000 §2): scaffolds a new entity in the AI code helper.
          can('base:coding:createCode') ? (
            <Button key="coding" icon={<CodeOutlined />} onClick={() => navigate('/helper/ai-code')} data-testid="plugin-quick-coding">
              {t('helper.quickCoding')}
            </Button>
          ) : null,
        ],
        rowActionsWidth: 270,
        rowActions: (r) => rowActions(plugin(r)),
      }}
    />
  );

  return (
    <div data-testid="plugin-screen">
      {canLog && logMeta ? (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'installed', label: t('viewsTasks.plugin.installedTab'), children: installed },
            {
              key: 'log',
              label: t('viewsTasks.plugin.logTab'),
              children: <PluginLogTable meta={logMeta} keyNames={keyNames} keyName={logKey} onKeyName={setLogKey} level={logLevel} onLevel={setLogLevel} />,
            },
          ]}
        />
      ) : (
        installed
      )}
      <InstallDialog
        meta={meta}
        open={installing}
        onClose={() => setInstalling(false)}
        onInstalled={() => {
          setInstalling(false);
          reload();
        }}
      />
      {configOf ? (
        <Suspense fallback={<Spin fullscreen />}>
          <PluginConfigDrawer
            meta={meta}
            row={configOf}
            onClose={() => setConfigOf(null)}
            onSaved={() => {
              setConfigOf(null);
              reload();
            }}
          />
        </Suspense>
      ) : null}
      <ReadmeDrawer meta={meta} row={readmeOf} onClose={() => setReadmeOf(null)} />
    </div>
  );
}

export default function PluginView() {
  return <EntityGate keys={['plugin/info']}>{([meta]) => <Screen meta={meta} />}</EntityGate>;
}
