/** Saving a form's record: update when it has an id, add otherwise; refused fields land on the form. */
import { useState } from 'react';
import type { FormInstance } from 'antd';
import { data, showFieldErrors, type KeyWith } from '../../../app/data';
import { useI18n } from '../../../i18n';

type Saveable = KeyWith<'add'> & KeyWith<'update'>;
interface SaveCalls {
  add(body: object, o: object): Promise<unknown>;
  update(body: object, o: object): Promise<unknown>;
}

export function useSaveRecord(
  key: Saveable,
  form: FormInstance,
  onSaved: () => void,
): { saving: boolean; save: (id: number | null, body: Record<string, unknown>) => Promise<void> } {
  const { t } = useI18n();
  const [saving, setSaving] = useState(false);
  const save = async (id: number | null, body: Record<string, unknown>) => {
    setSaving(true);
    // The form's values are checked by the form and the server, not by the row types.
    const calls = data(key) as unknown as SaveCalls;
    try {
      if (id !== null) await calls.update({ id, ...body }, { successMessage: t('common.updateSuccess') });
      else await calls.add(body, { successMessage: t('common.saveSuccess') });
      onSaved();
    } catch (e) {
      showFieldErrors(form, e);
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
