/**
 * `/my/info?tab=aikeys`: my own AI provider keys (ai-key-form.ts), each with its provider, address,
 * model and whether its key is set, to add, edit or delete. An AI member of mine runs with one when I
 * choose it in the AI member's form ("Runs with"): its replies then cost only the platform fee.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Empty, Skeleton, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { notify } from '../../app/notify';
import { deleteAiKey, myAiKeys } from './ai-keys';
import type { AiKey } from './ai-key-form';
import AiKeyDialog from './AiKeyDialog';
import LoadError from './LoadError';
import './account.css';
import { useAppApi } from '../../app/app-api';

export default function AiKeysTab() {
  const { t } = useI18n();
  const { modal } = useAppApi();
  const [keys, setKeys] = useState<AiKey[] | null>(null);
  const [error, setError] = useState<{ message: string; status: number } | null>(null);
  const [editing, setEditing] = useState<AiKey | 'new' | null>(null);

  const load = useCallback(() => {
    setError(null);
    myAiKeys().then(setKeys, (e: unknown) => setError({ message: (e as Error).message ?? '', status: Number((e as { status?: number }).status ?? 0) }));
  }, []);
  useEffect(load, [load]);

  const remove = (k: AiKey) =>
    modal.confirm({
      title: t('wsAccount.aiKeys.deleteConfirm', { name: k.name }),
      okText: t('wsAccount.aiKeys.delete'),
      okButtonProps: { danger: true, 'data-testid': 'acc-aikey-delete-ok' },
      cancelText: t('wsAccount.cancel'),
      onOk: async () => {
        await deleteAiKey(k.id);
        notify('success', t('wsAccount.aiKeys.deleted'));
        load();
      },
    });

  return (
    <div className="acc-tab" data-testid="acc-aikeys">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('wsAccount.aiKeys.intro')}
      </Typography.Paragraph>
      <div className="acc-toolbar">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="acc-aikey-add">
          {t('wsAccount.aiKeys.add')}
        </Button>
      </div>
      {error ? <LoadError error={error} onRetry={load} /> : null}
      {!keys && !error ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {keys && !keys.length ? <Empty description={t('wsAccount.aiKeys.none')} /> : null}
      <div className="acc-list">
        {(keys ?? []).map((k) => (
          <div key={k.id} className="acc-row" data-testid="acc-aikey" data-key={k.id}>
            <KeyOutlined style={{ fontSize: 20, flex: 'none' }} />
            <div className="acc-row-main">
              <span className="acc-row-title">{k.name}</span>
              <span className="acc-small acc-muted acc-aikey-where">
                {t(`wsAccount.aiKeys.kinds.${k.kind}`)} · {k.baseUrl ?? t('wsAccount.aiKeys.defaultUrl')} · {k.model ?? t('wsAccount.aiKeys.noModel')}
              </span>
              <span className="acc-tags">
                <Tag color={k.keySet ? 'green' : 'default'} bordered={false} data-testid="acc-aikey-set">
                  {t(k.keySet ? 'wsAccount.aiKeys.keySet' : 'wsAccount.aiKeys.keyMissing')}
                </Tag>
                {!k.enabled && <Tag bordered={false}>{t('wsAccount.aiKeys.disabled')}</Tag>}
              </span>
            </div>
            <div className="acc-actions">
              <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(k)} aria-label={t('wsAccount.aiKeys.edit')} data-testid="acc-aikey-edit" />
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => remove(k)}
                aria-label={t('wsAccount.aiKeys.delete')}
                data-testid="acc-aikey-delete"
              />
            </div>
          </div>
        ))}
      </div>
      {editing !== null && <AiKeyDialog editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={load} />}
    </div>
  );
}
