/**
 * Adding or editing one of my AI keys (base/auth): name, provider, base URL (required for local
 * servers and Azure, else empty means the provider's own address), model, Azure's API version and
 * deployment, the key as a password field and whether it is enabled. A saved key is never shown: the
 * field says it is set and an empty field keeps it. A refusal names its fields, put on the form's.
 */
import { useState } from 'react';
import { Form, Input, Modal, Select, Switch } from 'antd';
import { useI18n } from '../../i18n';
import { fieldProblems } from '../../app/data';
import { notify } from '../../app/notify';
import { AI_KINDS, formValues, URL_NEEDED, type AiKey, type AiKeyValues } from './ai-key-form';
import { saveAiKey } from './ai-keys';

interface Props {
  /** The key edited; null adds one. */
  editing: AiKey | null;
  onClose(): void;
  onSaved(): void;
}

/** The server's field names -> the form's. */
const FORM_FIELD: Record<string, keyof AiKeyValues> = {
  name: 'name',
  type: 'kind',
  secret: 'key',
  status: 'enabled',
  'config.baseUrl': 'baseUrl',
  'config.model': 'model',
  'config.apiVersion': 'apiVersion',
  'config.deployment': 'deployment',
};

const HTTP_URL = /^https?:\/\/[^\s/]+/i;

export default function AiKeyDialog({ editing, onClose, onSaved }: Props) {
  const { t } = useI18n();
  const [form] = Form.useForm<AiKeyValues>();
  const [busy, setBusy] = useState(false);
  const kind = Form.useWatch('kind', form) ?? editing?.kind ?? 'openai';
  const needsUrl = URL_NEEDED.includes(kind);

  const submit = async () => {
    let v: AiKeyValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      await saveAiKey(v, editing?.id ?? null);
      notify('success', t('wsAccount.aiKeys.saved'));
      onSaved();
      onClose();
    } catch (e) {
      const fields = fieldProblems(e)
        .filter((p) => FORM_FIELD[p.field])
        .map((p) => ({ name: FORM_FIELD[p.field], errors: [p.message || p.rule || ''] }));
      if (fields.length) form.setFields(fields);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t(editing ? 'wsAccount.aiKeys.formEdit' : 'wsAccount.aiKeys.formAdd')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('wsAccount.save')}
      cancelText={t('wsAccount.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'acc-aikey-save' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={formValues(editing)} data-testid="acc-aikey-form">
        <Form.Item
          name="name"
          label={t('wsAccount.aiKeys.name')}
          rules={[{ required: true, whitespace: true, message: t('wsAccount.aiKeys.nameRequired') }, { max: 255 }]}
        >
          <Input maxLength={255} autoFocus data-testid="acc-aikey-name" />
        </Form.Item>
        <Form.Item name="kind" label={t('wsAccount.aiKeys.kind')}>
          <Select
            options={AI_KINDS.map((k) => ({ value: k, label: t(`wsAccount.aiKeys.kinds.${k}`) }))}
            onChange={() => void form.validateFields(['baseUrl']).catch(() => undefined)}
            data-testid="acc-aikey-kind"
          />
        </Form.Item>
        <Form.Item
          name="baseUrl"
          label={t('wsAccount.aiKeys.baseUrl')}
          extra={needsUrl ? undefined : t('wsAccount.aiKeys.baseUrlHelp')}
          rules={[
            { required: needsUrl, whitespace: true, message: t('wsAccount.aiKeys.baseUrlRequired') },
            { pattern: HTTP_URL, message: t('wsAccount.aiKeys.baseUrlInvalid') },
            { max: 500 },
          ]}
        >
          <Input inputMode="url" maxLength={500} data-testid="acc-aikey-url" />
        </Form.Item>
        <Form.Item name="model" label={t('wsAccount.aiKeys.model')} extra={t('wsAccount.aiKeys.modelHelp')} rules={[{ max: 100 }]}>
          <Input maxLength={100} data-testid="acc-aikey-model" />
        </Form.Item>
        {kind === 'azure' && (
          <>
            <Form.Item name="deployment" label={t('wsAccount.aiKeys.deployment')} rules={[{ max: 100 }]}>
              <Input maxLength={100} data-testid="acc-aikey-deployment" />
            </Form.Item>
            <Form.Item name="apiVersion" label={t('wsAccount.aiKeys.apiVersion')} rules={[{ max: 40 }]}>
              <Input maxLength={40} placeholder="2024-10-21" data-testid="acc-aikey-apiversion" />
            </Form.Item>
          </>
        )}
        <Form.Item name="key" label={t('wsAccount.aiKeys.key')} extra={t('wsAccount.aiKeys.keyHelp')} rules={[{ max: 2000 }]}>
          <Input.Password
            autoComplete="new-password"
            placeholder={editing?.keySet ? t('wsAccount.aiKeys.keyKeep') : undefined}
            visibilityToggle={false}
            data-testid="acc-aikey-key"
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('wsAccount.aiKeys.enabled')} valuePropName="checked">
          <Switch data-testid="acc-aikey-enabled" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
