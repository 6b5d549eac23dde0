/** The dialog of a record form: Save (test id form-submit) and Cancel, busy while saving, emptied when closed. */
import type { ReactNode } from 'react';
import { Modal } from 'antd';
import { useI18n } from '../../../i18n';

export default function SaveModal(props: {
  open: boolean;
  title: string;
  saving: boolean;
  width: number;
  onCancel: () => void;
  onSave: () => void;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={props.onCancel}
      onOk={props.onSave}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={props.saving}
      okButtonProps={{ 'data-testid': 'form-submit' } as Record<string, string>}
      width={props.width}
      destroyOnHidden
    >
      {props.children}
    </Modal>
  );
}
