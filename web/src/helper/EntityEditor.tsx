/**
 * The field list of a helper-made entity in the same editor as a new one (FieldsTable): add a field,
 * rename one (edit its name: the row keeps the old one as `from`), remove one, change a length or a
 * dictionary; or a description of the change, which the model turns into the whole list (the review
 * shows what it made). Nothing runs until the change set is previewed, reviewed and applied. The rows are
 * kept in the change set store as typed, so they survive leaving the page.
 */
import { useEffect, useRef } from 'react';
import { Alert, Button, Flex, Form, Input, Segmented, Typography } from 'antd';
import { BulbOutlined, EyeOutlined, UndoOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useI18n } from '../i18n';
import { changeSets, getChangeSets, useChangeSets } from './change-sets-store';
import { formErrors, type CodeValues, type Mode } from './code-body';
import FieldsTable from './FieldsTable';

export default function EntityEditor() {
  const { t, lang } = useI18n();
  const s = useChangeSets();
  const [form] = Form.useForm<CodeValues>();
  const initial = useRef<CodeValues>({ fields: s.rows, description: s.description });

  // Rows put in from outside: another entity opened, a change applied or rolled back, a reset.
  const revision = useRef(s.revision);
  useEffect(() => {
    if (revision.current === s.revision) return;
    revision.current = s.revision;
    form.resetFields();
    form.setFieldsValue({ fields: getChangeSets().rows, description: getChangeSets().description });
  }, [s.revision, form]);

  useEffect(() => {
    const errors = formErrors(s.refusal).filter((e) => e.name[0] === (s.mode === 'fields' ? 'fields' : 'description'));
    if (errors.length) form.setFields(errors as Parameters<typeof form.setFields>[0]);
  }, [s.refusal, s.mode, form]);

  const preview = async () => {
    changeSets.clearRefusal();
    const ok = await form.validateFields(s.mode === 'fields' ? undefined : ['description']).then(
      () => true,
      () => false,
    );
    if (!ok) return;
    const values = form.getFieldsValue(true) as CodeValues;
    await changeSets.previewEdit(s.mode === 'fields' ? { rows: values.fields ?? [] } : { description: values.description ?? '' }, lang);
  };

  const refusal = s.refusal;
  const rest = refusal ? refusal.problems.filter((p) => !p.path || p.path[0] !== (s.mode === 'fields' ? 'fields' : 'description')) : [];

  return (
    <Form<CodeValues>
      form={form}
      layout="vertical"
      initialValues={initial.current}
      onValuesChange={(changed: Partial<CodeValues>) => {
        const values = form.getFieldsValue(true) as CodeValues;
        if ('description' in changed) changeSets.description(values.description ?? '');
        else changeSets.rows(values.fields ?? []);
      }}
      data-testid="cs-editor"
    >
      <Segmented<Mode>
        value={s.mode}
        onChange={(m) => changeSets.editMode(m)}
        options={[
          { value: 'fields', label: t('helper.form.modeFields'), icon: <UnorderedListOutlined /> },
          { value: 'description', label: t('changes.editor.modeDescription'), icon: <BulbOutlined /> },
        ]}
        style={{ marginBottom: 12 }}
        data-testid="cs-editor-mode"
      />
      {s.mode === 'fields' ? (
        <>
          <Typography.Paragraph type="secondary">{t('changes.editor.intro')}</Typography.Paragraph>
          <FieldsTable form={form} />
        </>
      ) : (
        <Form.Item
          name="description"
          label={t('changes.editor.description')}
          extra={t('changes.editor.descriptionHint')}
          rules={[{ required: true, whitespace: true, message: t('changes.editor.descriptionRequired') }]}
        >
          <Input.TextArea rows={4} maxLength={2000} showCount placeholder={t('changes.editor.descriptionPlaceholder')} data-testid="cs-editor-description" />
        </Form.Item>
      )}
      {refusal ? (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => changeSets.clearRefusal()}
          style={{ marginTop: 16 }}
          message={t(`helper.errors.${refusal.kind}`)}
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
          data-testid="cs-editor-refusal"
        />
      ) : null}
      <Flex gap={8} wrap="wrap" justify="flex-end" style={{ marginTop: 16 }}>
        {s.mode === 'fields' ? (
          <Button icon={<UndoOutlined />} disabled={!!s.busy} onClick={() => changeSets.resetRows(lang)} data-testid="cs-editor-reset">
            {t('changes.editor.reset')}
          </Button>
        ) : null}
        <Button
          type="primary"
          icon={<EyeOutlined />}
          loading={s.busy === 'preview'}
          disabled={!!s.busy && s.busy !== 'preview'}
          onClick={() => void preview()}
          data-testid="cs-preview"
        >
          {t('changes.editor.preview')}
        </Button>
      </Flex>
    </Form>
  );
}
