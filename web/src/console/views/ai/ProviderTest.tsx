/**
 * The dialog of a provider's Test: asks the provider for its models (`ai/provider/test`), then lists
 * them to import; the ids the registry already has for this provider show checked and disabled.
 * A provider that does not answer shows its own words. Once models are imported, the dialog says
 * they cost nothing by use until priced and leads to the models screen.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Modal, Space, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { calls, data } from '../../../app/data';
import { CONSOLE_BASE } from '../../../app/menu-target';
import { useI18n } from '../../../i18n';
import { useAppApi } from '../../../app/app-api';

export interface TestTarget {
  id: number;
  name: string;
}

type Answer = { ok: true; models: string[]; have: Set<string> } | { ok: false; message: string };

export default function ProviderTest({ target, onClose }: { target: TestTarget | null; onClose: () => void }) {
  const { t } = useI18n();
  const { message } = useAppApi();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [importing, setImporting] = useState(false);
  // Models imported while the dialog is open: they have no prices yet.
  const [imported, setImported] = useState(0);
  const navigate = useNavigate();

  const load = async (id: number): Promise<Answer> => {
    const [res, have] = await Promise.all([calls.ai.provider.test({ id }), data('ai/model').list({ providerId: id })]);
    if (!res.ok) return { ok: false, message: res.error ?? '' };
    return { ok: true, models: res.models.map((m) => m.id), have: new Set(have.map((m) => String(m.modelId))) };
  };

  useEffect(() => {
    if (!target) return;
    let live = true;
    setAnswer(null);
    setPicked([]);
    setImported(0);
    load(target.id).then(
      (a) => live && setAnswer(a),
      () => live && onClose(), // the client showed the server's message
    );
    return () => {
      live = false;
    };
  }, [target?.id]);

  const fresh = answer?.ok ? answer.models.filter((m) => !answer.have.has(m)) : [];

  const importPicked = async () => {
    if (!target || !picked.length) return;
    setImporting(true);
    try {
      const r = await calls.ai.provider.importModels({ id: target.id, modelIds: picked });
      void message.success(t('viewsAi.provider.imported', { added: r.added, skipped: r.skipped }));
      setImported((n) => n + r.added);
      setAnswer(await load(target.id));
      setPicked([]);
    } catch {
      /* the client showed the server's message */
    } finally {
      setImporting(false);
    }
  };

  return (
    <Modal
      open={target !== null}
      title={target ? t('viewsAi.provider.testTitle', { name: target.name }) : ''}
      onCancel={onClose}
      width={560}
      destroyOnHidden
      footer={
        answer?.ok && fresh.length ? (
          <Button type="primary" loading={importing} disabled={!picked.length} onClick={() => void importPicked()} data-testid="provider-import">
            {t('viewsAi.provider.importSelected', { n: picked.length })}
          </Button>
        ) : null
      }
      data-testid="provider-test"
    >
      {answer === null ? (
        <div style={{ padding: 24, textAlign: 'center' }}>
          <Spin />
          <div style={{ marginTop: 8 }}>
            <Typography.Text type="secondary">{t('viewsAi.provider.testing')}</Typography.Text>
          </div>
        </div>
      ) : !answer.ok ? (
        <Alert type="error" showIcon message={t('viewsAi.provider.testFailed')} description={answer.message} data-testid="provider-test-failed" />
      ) : answer.models.length === 0 ? (
        <Alert type="info" showIcon message={t('viewsAi.provider.noModels')} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="success" showIcon message={t('viewsAi.provider.testOk', { n: answer.models.length })} data-testid="provider-test-ok" />
          {fresh.length > 1 ? (
            <Checkbox
              checked={picked.length === fresh.length}
              indeterminate={picked.length > 0 && picked.length < fresh.length}
              onChange={(e) => setPicked(e.target.checked ? fresh : [])}
            >
              {t('viewsAi.provider.selectAll')}
            </Checkbox>
          ) : null}
          <div style={{ maxHeight: '50vh', overflowY: 'auto', paddingInlineStart: 8 }}>
            <Space direction="vertical" size={4}>
              {answer.models.map((m) => {
                const had = answer.have.has(m);
                return (
                  <Checkbox
                    key={m}
                    data-testid="provider-model"
                    data-model={m}
                    checked={had || picked.includes(m)}
                    disabled={had}
                    onChange={(e) => setPicked((p) => (e.target.checked ? [...p, m] : p.filter((x) => x !== m)))}
                  >
                    <Typography.Text code style={{ wordBreak: 'break-all' }}>
                      {m}
                    </Typography.Text>
                  </Checkbox>
                );
              })}
            </Space>
          </div>
          {imported > 0 ? (
            <Alert
              type="info"
              showIcon
              message={t('viewsAi.provider.priceTitle')}
              description={t('viewsAi.provider.priceText')}
              action={
                <Button
                  size="small"
                  type="primary"
                  onClick={() => {
                    onClose();
                    navigate(`${CONSOLE_BASE}/ai/model`);
                  }}
                  data-testid="provider-models-go"
                >
                  {t('viewsAi.provider.priceGo')}
                </Button>
              }
              data-testid="provider-imported"
            />
          ) : null}
        </Space>
      )}
    </Modal>
  );
}
