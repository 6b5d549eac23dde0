/**
 * A table cell edited in place: a click opens the field's control with Save and Cancel. Save sends
 * `{id, field}` to the entity's update; Cancel, or a refused save (the server's message is shown by
 * the api), leaves the old value.
 */
import { useState, type ReactNode } from 'react';
import { Button, Space, theme } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { epsData, type EpsDictOption, type EpsEntry } from '../eps';
import type { FieldSpec } from './fields';
import FieldInput from './FieldInput';
import { fromFormValue, toFormValue } from './form-values';
import { fieldErrors } from '../../app/data';
import { notify } from '../../app/notify';

export interface EditableCellProps {
  entry: EpsEntry;
  id: unknown;
  field: FieldSpec;
  value: unknown;
  options?: EpsDictOption[];
  children: ReactNode;
  onSaved: (value: unknown) => void;
}

export default function EditableCell({ entry, id, field, value, options, children, onSaved }: EditableCellProps) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const [draft, setDraft] = useState<unknown>(undefined);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);

  const open = () => {
    setDraft(toFormValue(field, value));
    setEditing(true);
  };
  const save = async () => {
    const v = fromFormValue(field, draft);
    setSaving(true);
    try {
      await epsData(entry).update({ id, [field.name]: v === undefined ? null : v }, { silent: true, successMessage: t('common.updateSuccess') });
      onSaved(v === undefined ? null : v);
    } catch (e) {
      // The server's own words, preferring the field's message of a 1002 refusal; the old value stays.
      const fieldMessages = fieldErrors(e).flatMap((x) => x.errors);
      notify('error', fieldMessages.length ? fieldMessages.join('; ') : e instanceof Error ? e.message : t('common.loadFailed'));
    } finally {
      setSaving(false);
      setEditing(false);
    }
  };

  if (!editing) {
    return (
      <div
        data-testid={`cell-${field.name}`}
        role="button"
        tabIndex={0}
        title={t('crud.clickToEdit')}
        onClick={open}
        onKeyDown={(e) => e.key === 'Enter' && open()}
        style={{ cursor: 'pointer', minHeight: 22, minWidth: 40, borderBottom: `1px dashed ${token.colorBorder}` }}
      >
        {children}
      </div>
    );
  }
  return (
    <Space.Compact style={{ width: '100%', minWidth: field.kind === 'switch' || field.kind === 'flag' ? 120 : 200 }} data-testid={`cell-editor-${field.name}`}>
      <div style={{ flex: 1, display: 'flex', alignItems: 'center' }}>
        <FieldInput field={field} options={options} value={draft} onChange={setDraft} autoFocus onEnter={() => void save()} />
      </div>
      <Button data-testid="cell-save" type="primary" icon={<CheckOutlined />} loading={saving} onClick={() => void save()} aria-label={t('common.save')} />
      <Button data-testid="cell-cancel" icon={<CloseOutlined />} disabled={saving} onClick={() => setEditing(false)} aria-label={t('common.cancel')} />
    </Space.Compact>
  );
}
