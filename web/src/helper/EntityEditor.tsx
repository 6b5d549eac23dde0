/**
 * The field list of a helper-made entity in the same editor as a new one (FieldsTable): add a field,
 * rename one (edit its name: the row keeps the old one as `from`), remove one, change a length or a
 * dictionary. Nothing runs until the change set is previewed, reviewed and applied. The rows are
 * kept in the change set store as typed, so they survive leaving the page.
 */
import { useEffect, useRef } from 'react';
import { Alert, Button, Flex, Form, Typography } from 'antd';
import { EyeOutlined, UndoOutlined } from '@ant-design/icons';
import { useI18n } from '../i18n';
import { changeSets, getChangeSets, useChangeSets } from './change-sets-store';
import { formErrors, type CodeValues } from './code-body';
import FieldsTable from './FieldsTable';

export default function EntityEditor() {
  const { t, lang } = useI18n();
  const s = useChangeSets();
  const [form] = Form.useForm<CodeValues>();
  const initial = useRef<CodeValues>({ fields: s.rows });

  // Rows put in from outside: another entity opened, a change applied or rolled back, a reset.
  const revision = useRef(s.revision);
  useEffect(() => {
    if (revision.current === s.revision) return;
    revision.current = s.revision;
    form.resetFields();
    form.setFieldsValue({ fields: getChangeSets().rows });
  }, [s.revision, form]);

  useEffect(() => {
    const errors = formErrors(s.refusal).filter((e) => e.name[0] === 'fields');
    if (errors.length) form.setFields(errors as Parameters<typeof form.setFields>[0]);
  }, [s.refusal, form]);

  const preview = async () => {
    changeSets.clearRefusal();
    const ok = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!ok) return;
    await changeSets.previewEdit((form.getFieldsValue(true) as CodeValues).fields ?? [], lang);
  };

  const refusal = s.refusal;
  const rest = refusal ? refusal.problems.filter((p) => !p.path || p.path[0] !== 'fields') : [];

  return (
    <Form<CodeValues>
      form={form}
      layout="vertical"
      initialValues={initial.current}
      onValuesChange={() => changeSets.rows((form.getFieldsValue(true) as CodeValues).fields ?? [])}
      data-testid="cs-editor"
    >
      <Typography.Paragraph type="secondary">{t('changes.editor.intro')}</Typography.Paragraph>
      <FieldsTable form={form} />
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
        <Button icon={<UndoOutlined />} disabled={!!s.busy} onClick={() => changeSets.resetRows(lang)} data-testid="cs-editor-reset">
          {t('changes.editor.reset')}
        </Button>
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
