/** Department transfer: the chosen users go to one department (the `move` call). */
import { useMemo, useState } from 'react';
import { Form, Modal, TreeSelect, Typography } from 'antd';
import { useI18n } from '../../../i18n';
import { buildTree, toTreeData } from './tree';
import { calls, type Row } from '../../../app/data';

type Department = Row<'base/sys/department'>;

export default function UserMove(props: { userIds: number[] | null; departments: Department[]; onClose: () => void; onMoved: () => void }) {
  const { userIds, departments, onClose, onMoved } = props;
  const { t } = useI18n();
  const [departmentId, setDepartmentId] = useState<number | null>(null);
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);
  const tree = useMemo(() => toTreeData(buildTree(departments)), [departments]);

  const close = () => {
    setDepartmentId(null);
    setError(false);
    onClose();
  };

  const submit = async () => {
    if (departmentId === null || !userIds) {
      setError(true);
      return;
    }
    setBusy(true);
    try {
      await calls.base.sys.user.move({ userIds, departmentId }, { successMessage: t('common.operationSuccess') });
      setDepartmentId(null);
      onMoved();
    } catch {
      /* the client already showed the server's message */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={userIds !== null}
      title={t('viewsSystem.user.moveTitle')}
      onCancel={close}
      onOk={() => void submit()}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'form-submit' }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('viewsSystem.user.moveCount', { count: userIds?.length ?? 0 })}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item
          label={t('viewsSystem.user.department')}
          required
          validateStatus={error ? 'error' : undefined}
          help={error ? t('viewsSystem.user.movePick') : undefined}
        >
          <TreeSelect
            treeData={tree}
            value={departmentId ?? undefined}
            onChange={(v: number | undefined) => {
              setDepartmentId(v ?? null);
              setError(false);
            }}
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
