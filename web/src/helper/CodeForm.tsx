/**
 * The right side of the code helper: the module (one of the tree's, or a new one on purpose), the
 * entity's name, and either the field list (FieldsTable) or a description for the model to turn into
 * one; then "Preview fields" (the model's proposal, description only), "Preview code" (a dry run)
 * and "Review and create" (a change set to review before anything is made: ChangeSetReview). The
 * values live in the page's store as they are typed, so they survive leaving the page. Refusals land where they belong: 1002 problems on the fields they name, the rest (and
 * 502/503 from the model) in an alert above the buttons.
 */
import { useEffect, useMemo, useRef } from 'react';
import { Alert, Button, Col, Flex, Form, Input, Row, Segmented, Select, Space, Switch, Typography } from 'antd';
import { BulbOutlined, CodeOutlined, RocketOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useI18n } from '../i18n';
import { aiCode, getAiCode, useAiCode } from './ai-code-store';
import { changeSets } from './change-sets-store';
import { formErrors, MODULE_RE, NAME_RE, type CodeValues, type Mode, type Refusal } from './code-body';
import FieldsTable from './FieldsTable';

const DESCRIPTION_MAX = 2000;

/** The problems no visible form field shows: about the list as a whole, or a field of the other mode. */
function unplaced(refusal: Refusal, mode: Mode) {
  const hidden = mode === 'fields' ? 'description' : 'fields';
  return refusal.problems.filter((p) => !p.path || p.path[0] === hidden);
}

export default function CodeForm() {
  const { t } = useI18n();
  const s = useAiCode();
  const [form] = Form.useForm<CodeValues>();
  const newModule = Form.useWatch('newModule', form);
  const module = Form.useWatch('module', form);
  const initial = useRef(s.values);

  // Values put in from outside the form: a proposal taken, a fresh start, a module picked in the tree.
  const revision = useRef(s.revision);
  useEffect(() => {
    if (revision.current === s.revision) return;
    revision.current = s.revision;
    form.setFieldsValue(getAiCode().values);
  }, [s.revision, form]);

  // The server's problems on the fields they name (again when the page comes back).
  useEffect(() => {
    const errors = formErrors(s.refusal).filter((e) => e.name[0] !== (s.mode === 'fields' ? 'description' : 'fields'));
    if (errors.length) form.setFields(errors as Parameters<typeof form.setFields>[0]);
  }, [s.refusal, s.mode, form]);

  // Whatever was typed last is kept when the page goes.
  useEffect(() => () => aiCode.values(form.getFieldsValue(true) as CodeValues), [form]);

  const modules = useMemo(() => (s.tree ?? []).map((m) => m.module), [s.tree]);
  const entityKeys = useMemo(() => new Set((s.tree ?? []).flatMap((m) => m.entities.map((e) => e.key))), [s.tree]);

  const run = async (action: 'code' | 'fields' | 'create') => {
    aiCode.clearRefusal();
    const ok = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!ok) return;
    const values = form.getFieldsValue(true) as CodeValues;
    if (action === 'fields') await aiCode.proposeFields(values);
    else if (action === 'code') await aiCode.previewCode(values, s.mode);
    else await changeSets.previewCreate(values, s.mode);
  };

  const refusal = s.refusal;
  const rest = refusal ? unplaced(refusal, s.mode) : [];
  const alertTitle = refusal ? t(`helper.errors.${refusal.kind}`) : '';

  return (
    <Form<CodeValues>
      form={form}
      name="aiCode"
      layout="vertical"
      initialValues={initial.current}
      onValuesChange={(changed: Partial<CodeValues>) => {
        if ('newModule' in changed) form.setFieldValue('module', changed.newModule ? '' : undefined);
        aiCode.values(form.getFieldsValue(true) as CodeValues);
      }}
      data-testid="code-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('helper.form.module')} required>
            <Flex gap={8} align="center" wrap="wrap">
              <Form.Item
                name="module"
                noStyle
                rules={[
                  { required: true, whitespace: true, message: t('helper.form.moduleRequired') },
                  { pattern: MODULE_RE, message: t('helper.form.moduleRule') },
                  {
                    validator: async (_, v: unknown) => {
                      if (newModule && typeof v === 'string' && modules.includes(v.trim())) throw new Error(t('helper.form.moduleExists'));
                    },
                  },
                ]}
              >
                {newModule ? (
                  <Input style={{ flex: 1, minWidth: 160 }} placeholder="crm" autoComplete="off" data-testid="code-module-new" /* i18n-ok: a module name */ />
                ) : (
                  <Select
                    style={{ flex: 1, minWidth: 160 }}
                    showSearch
                    placeholder={t('helper.form.modulePlaceholder')}
                    options={modules.map((m) => ({ value: m, label: m }))}
                    loading={s.tree === null && !s.treeFailed}
                    data-testid="code-module"
                  />
                )}
              </Form.Item>
              <Space size={6}>
                <Form.Item name="newModule" noStyle valuePropName="checked">
                  <Switch size="small" data-testid="code-new-module" aria-label={t('helper.form.newModule')} />
                </Form.Item>
                <Typography.Text>{t('helper.form.newModule')}</Typography.Text>
              </Space>
            </Flex>
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="name"
            label={t('helper.form.name')}
            extra={t('helper.form.nameHint')}
            dependencies={['module']}
            rules={[
              { required: true, whitespace: true, message: t('helper.form.nameRequired') },
              { pattern: NAME_RE, message: t('helper.form.nameRule') },
              {
                validator: async (_, v: unknown) => {
                  const key = `${String(form.getFieldValue('module') ?? '').trim()}/${typeof v === 'string' ? v.trim() : ''}`;
                  if (entityKeys.has(key)) throw new Error(t('helper.form.nameExists', { key }));
                },
              },
            ]}
          >
            <Input addonBefore={module ? `${module}/` : undefined} placeholder="note" autoComplete="off" data-testid="code-name" /* i18n-ok: an identifier */ />
          </Form.Item>
        </Col>
      </Row>

      <Segmented<Mode>
        value={s.mode}
        onChange={(m) => aiCode.mode(m)}
        options={[
          { value: 'fields', label: t('helper.form.modeFields'), icon: <UnorderedListOutlined /> },
          { value: 'description', label: t('helper.form.modeDescription'), icon: <BulbOutlined /> },
        ]}
        style={{ marginBottom: 16 }}
        data-testid="code-mode"
      />

      {s.mode === 'fields' ? (
        <FieldsTable form={form} />
      ) : (
        <Form.Item
          name="description"
          label={t('helper.form.description')}
          extra={t('helper.form.descriptionHint')}
          rules={[{ required: true, whitespace: true, message: t('helper.form.descriptionRequired') }]}
        >
          <Input.TextArea rows={5} maxLength={DESCRIPTION_MAX} showCount placeholder={t('helper.form.descriptionPlaceholder')} data-testid="code-description" />
        </Form.Item>
      )}

      {refusal ? (
        <Alert
          type={refusal.kind === 'unavailable' ? 'warning' : 'error'}
          showIcon
          closable
          onClose={() => aiCode.clearRefusal()}
          style={{ marginTop: 16 }}
          message={alertTitle}
          description={
            <>
              <div>{refusal.message}</div>
              {rest.length ? (
                <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
                  {rest.map((p, i) => (
                    <li key={i}>
                      <Typography.Text code>{p.field}</Typography.Text> {p.message}
                    </li>
                  ))}
                </ul>
              ) : null}
            </>
          }
          data-testid="code-refusal"
          data-kind={refusal.kind}
        />
      ) : null}

      {s.preview && !s.result ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }} data-testid="code-last-preview">
          {t('helper.form.lastPreview')} <Typography.Text code>{s.preview.path}</Typography.Text>{' '}
          <Button type="link" size="small" onClick={() => aiCode.dialog('code')} style={{ paddingInline: 4 }}>
            {t('helper.form.showCode')}
          </Button>
          {s.proposal ? (
            <Button type="link" size="small" onClick={() => aiCode.dialog('fields')} style={{ paddingInline: 4 }}>
              {t('helper.form.showFields')}
            </Button>
          ) : null}
        </Typography.Paragraph>
      ) : null}

      <Flex gap={8} wrap="wrap" justify="flex-end" style={{ marginTop: 16 }}>
        {s.mode === 'description' ? (
          <Button
            icon={<BulbOutlined />}
            loading={s.busy === 'fields'}
            disabled={!!s.busy && s.busy !== 'fields'}
            onClick={() => void run('fields')}
            data-testid="code-preview-fields"
          >
            {t('helper.form.previewFields')}
          </Button>
        ) : null}
        <Button
          icon={<CodeOutlined />}
          loading={s.busy === 'code'}
          disabled={!!s.busy && s.busy !== 'code'}
          onClick={() => void run('code')}
          data-testid="code-preview-code"
        >
          {t('helper.form.previewCode')}
        </Button>
        <Button
          type="primary"
          icon={<RocketOutlined />}
          loading={s.busy === 'create'}
          disabled={!!s.busy && s.busy !== 'create'}
          onClick={() => void run('create')}
          data-testid="code-create"
        >
          {t('helper.form.create')}
        </Button>
      </Flex>
    </Form>
  );
}
