/** Saving a form's record: update when it has an id, add otherwise; refused fields land on the form. */
import { useState } from 'react';
import type { FormInstance } from 'antd';
import { api } from '../../../app/api';
import { useI18n } from '../../../i18n';
import { showFieldErrors } from './form-errors';

export function useSaveRecord(prefix: string, form: FormInstance, onSaved: () => void): { saving: boolean; save: (id: number | null, body: Record<string, unknown>) => Promise<void> } {
  const { t } = useI18n();
  const [saving, setSaving] = useState(false);
  const save = async (id: number | null, body: Record<string, unknown>) => {
    setSaving(true);
    try {
      if (id !== null) await api.post(`${prefix}/update`, { id, ...body }, { successMessage: t('common.updateSuccess') });
      else await api.post(`${prefix}/add`, body, { successMessage: t('common.saveSuccess') });
      onSaved();
    } catch (e) {
      showFieldErrors(form, e);
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
