/**
 * The add / edit dialog of an entity, generated from its JSON Schema (schema.add or schema.update)
 * and columns. Edit loads the row with /info. A 1002 refusal puts each message on its field.
 */
import { useEffect, useMemo, useState } from 'react';
import { Form, Modal, Spin, type FormRule } from 'antd';
import { fieldErrors } from '../../app/data';
import { useI18n } from '../../i18n';
import { epsData, hasAction, type EpsEntry } from '../eps';
import { formFields, type FieldSpec } from './fields';
import FieldInput from './FieldInput';
import { formPayload, toFormValue } from './form-values';
import { parseJsonText } from './values';
import type { DictOptions } from './use-dicts';
import type { FieldOverride } from './crud-slots';

export interface CrudFormProps {
  entry: EpsEntry;
  /** null: closed; 'add'; or the row to edit (loaded again with /info when the caller may). */
  target: null | 'add' | { id: unknown; row?: Record<string, unknown> };
  dicts: DictOptions;
  onClose: () => void;
  onSaved: () => void;
  /** Fields with the screen's own control (the `fields` slot). */
  own?: Record<string, FieldOverride>;
}

export default function CrudForm({ entry, target, dicts, onClose, onSaved, own = {} }: CrudFormProps) {
  const { t, lang } = useI18n();
  const [form] = Form.useForm();
  const mode = target === 'add' ? 'add' : 'update';
  const fields = useMemo(() => formFields(entry, mode, lang), [entry, mode, lang]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const editId = target && target !== 'add' ? target.id : undefined;
  // Sealed fields of the row being edited that hold a value (its `<name>Set` flags): the form says so.
  const [setSecrets, setSetSecrets] = useState<ReadonlySet<string>>(new Set());
  const formValue = (f: FieldSpec, v: unknown) => {
    const toForm = own[f.name]?.toForm;
    return toForm ? toForm(v) : toFormValue(f, v);
  };

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    setSetSecrets(new Set());
    if (target === 'add') {
      const initial: Record<string, unknown> = {};
      for (const f of fields) {
        const d = entry.schema?.add?.properties?.[f.name]?.default ?? f.column?.defaultValue;
        if (d !== undefined && d !== null) initial[f.name] = formValue(f, d);
        else if (f.kind === 'switch') initial[f.name] = false;
        else if (f.kind === 'flag') initial[f.name] = 0;
      }
      form.setFieldsValue(initial);
      return;
    }
    let live = true;
    setLoading(true);
    const load = hasAction(entry, 'info') ? epsData(entry).info(editId as number | string) : Promise.resolve(target.row ?? {});
    load
      .then((row) => {
        if (!live) return;
        const values: Record<string, unknown> = {};
        for (const f of fields) if (f.kind !== 'password') values[f.name] = formValue(f, row?.[f.name]);
        form.setFieldsValue(values);
        setSetSecrets(new Set(fields.filter((f) => f.column?.sealed && row?.[`${f.name}Set`] === true).map((f) => f.name)));
      })
      .catch(() => live && onClose())
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // Runs when another row (or add) is opened, not on every render of the screen.
  }, [target, editId]);

  const rulesOf = (f: FieldSpec): FormRule[] => {
    const rules: FormRule[] = [];
    if (f.required && f.kind !== 'switch' && f.kind !== 'flag') rules.push({ required: true, message: t('crud.required', { label: f.label }) });
    if (f.maxLength !== undefined) rules.push({ max: f.maxLength, message: t('crud.maxLength', { max: f.maxLength }) });
    if (f.kind === 'json' && !own[f.name]?.fromForm) {
      rules.push({
        validator: (_r, v) => (typeof v !== 'string' || parseJsonText(v).ok ? Promise.resolve() : Promise.reject(new Error(t('crud.jsonInvalid')))),
      });
    }
    return rules;
  };

  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    const body = formPayload(fields, values, mode, own);
    setSaving(true);
    try {
      if (mode === 'add') await epsData(entry).add(body, { successMessage: t('common.saveSuccess') });
      else await epsData(entry).update({ ...body, id: editId }, { successMessage: t('common.saveSuccess') });
      onSaved();
    } catch (e) {
      const errs = fieldErrors(e, (name) => fields.some((f) => f.name === name));
      if (errs.length) form.setFields(errs);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={target !== null}
      title={t(mode === 'add' ? 'crud.addTitle' : 'crud.editTitle', { entity: entry.label })}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'form-submit', loading: saving, disabled: loading } as never}
      width={640}
      destroyOnHidden
      styles={{ body: { maxHeight: '70vh', overflowY: 'auto', paddingInlineEnd: 8 } }}
    >
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" name={`crud-${entry.module}-${entry.name}`.replace(/\//g, '-')}>
          {fields.map((f) => (
            <Form.Item
              key={f.name}
              name={f.name}
              label={f.label}
              rules={rulesOf(f)}
              extra={setSecrets.has(f.name) ? [t('crud.secretSet'), f.help].filter(Boolean).join(' ') : (own[f.name]?.help ?? f.help)}
              data-testid={`form-item-${f.name}`}
            >
              {own[f.name]?.control ?? (
                <FieldInput
                  field={f}
                  options={f.dictKey ? dicts[f.dictKey] : undefined}
                  placeholder={setSecrets.has(f.name) ? t('crud.secretKeep') : undefined}
                />
              )}
            </Form.Item>
          ))}
        </Form>
      </Spin>
    </Modal>
  );
}
