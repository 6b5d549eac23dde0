/**
 * `/my/info?tab=apikeys`: my personal API keys (base/apiKey), for scripts and agents such as an MCP
 * client of `/mcp`. Each row: name, first characters, scope, expiry, last use, revoke. A new key is
 * shown once, in a dialog with a copy button and a ready MCP client configuration.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Empty, Form, Input, Modal, Select, Skeleton, Tag, Typography } from 'antd';
import { ApiOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { calls, data } from '../../app/data';
import { notify } from '../../app/notify';
import { formatDateTime } from '../../app/money';
import { useAuth } from '../../app/auth';
import LoadError from './LoadError';
import './account.css';
import { useAppApi } from '../../app/app-api';

interface KeyRow {
  id: number;
  name: string;
  prefix: string;
  modules: string[] | null;
  perms: string[] | null;
  expireTime: string | null;
  lastUsedTime: string | null;
  status: number;
}

type Scopes = Awaited<ReturnType<typeof calls.base.apiKey.scopes>>;

const EXPIRY_DAYS = [30, 90, 365, 0] as const;

/** The MCP endpoint of this site, as a client outside the browser reaches it. */
function mcpUrl(): string {
  return `${window.location.origin}/mcp`;
}

function mcpConfig(key: string): string {
  return JSON.stringify({ mcpServers: { cosmac: { type: 'http', url: mcpUrl(), headers: { Authorization: `Bearer ${key}` } } } }, null, 2);
}

function NewKeyDialog({ onClose, onMade }: { onClose: () => void; onMade: (key: string) => void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<{ name: string; days: number; modules?: string[]; perms?: string[] }>();
  const [scopes, setScopes] = useState<Scopes | null>(null);
  const [busy, setBusy] = useState(false);
  const modules = Form.useWatch('modules', form);
  useEffect(() => {
    calls.base.apiKey.scopes({}, { silent: true }).then(setScopes, () => setScopes([]));
  }, []);
  const entityOptions = useMemo(
    () =>
      (scopes ?? [])
        .filter((m) => !modules?.length || modules.includes(m.module))
        .map((m) => ({ label: m.module, options: m.entities.map((e) => ({ value: e.key, label: `${e.label} (${e.key})` })) })),
    [scopes, modules],
  );
  const submit = async (v: { name: string; days: number; modules?: string[]; perms?: string[] }) => {
    setBusy(true);
    try {
      const made = await calls.base.apiKey.create({
        name: v.name.trim(),
        ...(v.days ? { expireDays: v.days } : {}),
        ...(v.modules?.length ? { modules: v.modules } : {}),
        ...(v.perms?.length ? { perms: v.perms } : {}),
      });
      onMade(made.key);
    } catch {
      /* the server's message was shown */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('wsAccount.apiKeys.formTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('wsAccount.apiKeys.create')}
      cancelText={t('wsAccount.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'acc-apikey-create' } as never}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ days: 90 }} onFinish={(v) => void submit(v)}>
        <Form.Item name="name" label={t('wsAccount.apiKeys.name')} rules={[{ required: true, whitespace: true, message: t('wsAccount.apiKeys.nameRequired') }]}>
          <Input maxLength={64} placeholder={t('wsAccount.apiKeys.namePlaceholder')} data-testid="acc-apikey-name" />
        </Form.Item>
        <Form.Item name="days" label={t('wsAccount.apiKeys.expiry')}>
          <Select
            data-testid="acc-apikey-days"
            options={EXPIRY_DAYS.map((d) => ({ value: d, label: d ? t('wsAccount.apiKeys.days', { count: d }) : t('wsAccount.apiKeys.noExpiry') }))}
          />
        </Form.Item>
        <Form.Item name="modules" label={t('wsAccount.apiKeys.modules')} extra={t('wsAccount.apiKeys.modulesHelp')}>
          <Select
            mode="multiple"
            allowClear
            loading={!scopes}
            data-testid="acc-apikey-modules"
            options={(scopes ?? []).map((m) => ({ value: m.module, label: m.module }))}
          />
        </Form.Item>
        <Form.Item name="perms" label={t('wsAccount.apiKeys.entities')} extra={t('wsAccount.apiKeys.entitiesHelp')}>
          <Select mode="multiple" allowClear loading={!scopes} data-testid="acc-apikey-perms" options={entityOptions} optionFilterProp="label" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function MadeKeyDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <Modal
      open
      title={t('wsAccount.apiKeys.madeTitle')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="acc-apikey-done">
          {t('wsAccount.apiKeys.done')}
        </Button>
      }
      maskClosable={false}
    >
      <Alert type="warning" showIcon message={t('wsAccount.apiKeys.madeWarning')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph copyable={{ text: secret }} code className="acc-mono" style={{ wordBreak: 'break-all' }} data-testid="acc-apikey-secret">
        {secret}
      </Typography.Paragraph>
      <Typography.Text type="secondary">{t('wsAccount.apiKeys.mcpConfig')}</Typography.Text>
      <Typography.Paragraph copyable={{ text: mcpConfig(secret) }}>
        <pre className="acc-mono" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12, margin: 0 }}>
          {mcpConfig(secret)}
        </pre>
      </Typography.Paragraph>
    </Modal>
  );
}

export default function ApiKeysTab() {
  const { t, lang } = useI18n();
  const { modal } = useAppApi();
  const [keys, setKeys] = useState<KeyRow[] | null>(null);
  const [error, setError] = useState<{ message: string; status: number } | null>(null);
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const me = useAuth().user?.id;

  const load = useCallback(() => {
    if (!me) return;
    setError(null);
    // An administrator may read everybody's keys: this tab is their own.
    data('base/apiKey')
      .page({ page: 1, size: 100, userId: me }, { silent: true })
      .then(
        (p) => setKeys(p.list as unknown as KeyRow[]),
        (e: unknown) => setError({ message: (e as Error).message ?? '', status: Number((e as { status?: number }).status ?? 0) }),
      );
  }, [me]);
  useEffect(load, [load]);

  const revoke = (k: KeyRow) =>
    modal.confirm({
      title: t('wsAccount.apiKeys.revokeConfirm', { name: k.name }),
      okText: t('wsAccount.apiKeys.revoke'),
      okButtonProps: { danger: true, 'data-testid': 'acc-apikey-revoke-ok' } as never,
      cancelText: t('wsAccount.cancel'),
      onOk: async () => {
        await calls.base.apiKey.revoke({ id: k.id });
        notify('success', t('wsAccount.apiKeys.revoked'));
        load();
      },
    });
  const revokeAll = () =>
    modal.confirm({
      title: t('wsAccount.apiKeys.revokeAllConfirm'),
      okText: t('wsAccount.apiKeys.revokeAll'),
      okButtonProps: { danger: true, 'data-testid': 'acc-apikey-revokeall-ok' } as never,
      cancelText: t('wsAccount.cancel'),
      onOk: async () => {
        const { count } = await calls.base.apiKey.revokeAll({});
        notify('success', t('wsAccount.apiKeys.revokedAll', { count }));
        load();
      },
    });

  const now = Date.now();
  const active = (keys ?? []).filter((k) => k.status === 1);
  return (
    <div className="acc-tab" data-testid="acc-apikeys">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('wsAccount.apiKeys.intro', { mcp: mcpUrl() })}
      </Typography.Paragraph>
      <div className="acc-toolbar">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="acc-apikey-add">
          {t('wsAccount.apiKeys.add')}
        </Button>
        {active.length > 1 ? (
          <Button danger icon={<StopOutlined />} onClick={revokeAll} data-testid="acc-apikey-revokeall">
            {t('wsAccount.apiKeys.revokeAll')}
          </Button>
        ) : null}
      </div>
      {error ? <LoadError error={error} onRetry={load} /> : null}
      {!keys && !error ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {keys && !keys.length ? <Empty description={t('wsAccount.apiKeys.none')} /> : null}
      <div className="acc-list">
        {(keys ?? []).map((k) => {
          const expired = !!k.expireTime && Date.parse(k.expireTime) <= now;
          const live = k.status === 1 && !expired;
          const scope = [...(k.modules ?? []), ...(k.perms ?? [])];
          return (
            <div key={k.id} className="acc-row" data-testid="acc-apikey" data-key={k.id}>
              <ApiOutlined style={{ fontSize: 20, flex: 'none', opacity: live ? 1 : 0.4 }} />
              <div className="acc-row-main">
                <span className="acc-row-title">
                  {k.name} <span className="acc-mono acc-muted acc-small">{k.prefix}…</span>
                </span>
                <span className="acc-small acc-muted">
                  {k.expireTime ? t('wsAccount.apiKeys.expires', { when: formatDateTime(k.expireTime, lang) }) : t('wsAccount.apiKeys.never')} ·{' '}
                  {k.lastUsedTime ? t('wsAccount.apiKeys.lastUsed', { when: formatDateTime(k.lastUsedTime, lang) }) : t('wsAccount.apiKeys.neverUsed')}
                </span>
                <span className="acc-tags">
                  <Tag color={live ? 'green' : 'default'} bordered={false} data-testid="acc-apikey-state">
                    {t(k.status !== 1 ? 'wsAccount.apiKeys.revokedTag' : expired ? 'wsAccount.apiKeys.expired' : 'wsAccount.apiKeys.active')}
                  </Tag>
                  {scope.length ? (
                    scope.map((s) => (
                      <Tag key={s} bordered={false} className="acc-mono">
                        {s}
                      </Tag>
                    ))
                  ) : (
                    <Tag bordered={false}>{t('wsAccount.apiKeys.everything')}</Tag>
                  )}
                </span>
              </div>
              {k.status === 1 ? (
                <div className="acc-actions">
                  <Button size="small" danger onClick={() => revoke(k)} data-testid="acc-apikey-revoke">
                    {t('wsAccount.apiKeys.revoke')}
                  </Button>
                </div>
              ) : null}
            </div>
          );
        })}
      </div>
      {adding ? (
        <NewKeyDialog
          onClose={() => setAdding(false)}
          onMade={(key) => {
            setAdding(false);
            setSecret(key);
            load();
          }}
        />
      ) : null}
      {secret ? <MadeKeyDialog secret={secret} onClose={() => setSecret(null)} /> : null}
    </div>
  );
}
