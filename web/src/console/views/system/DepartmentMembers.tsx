/** The users of one department, and adding members to it through the member selector (the `move` call). */
import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Table } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useCan } from '../../../app/auth';
import { useI18n } from '../../../i18n';
import MemberSelect from '../../../components/MemberSelect';
import { calls, data as entityData, type Row } from '../../../app/data';

type Department = Row<'base/sys/department'>;
type User = Row<'base/sys/user'>;

const SIZE = 10;

export default function DepartmentMembers({ department }: { department: Department }) {
  const { t } = useI18n();
  const can = useCan();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: User[]; total: number }>({ list: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const r = await entityData('base/sys/user').page({ page, size: SIZE, departmentId: department.id });
      setData({ list: r.list, total: r.pagination.total });
    } catch {
      setData({ list: [], total: 0 });
    } finally {
      setLoading(false);
    }
  }, [department.id, page]);

  useEffect(() => void load(), [load]);
  useEffect(() => setPage(1), [department.id]);

  const add = async (userIds: number[]) => {
    setBusy(true);
    try {
      await calls.base.sys.user.move({ userIds, departmentId: department.id }, { successMessage: t('common.operationSuccess') });
      setPicking(false);
      await load();
    } catch {
      /* the client showed the server's message */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title={`${t('common.members')} (${data.total})`}
      style={{ marginTop: 16 }}
      data-testid="department-members"
      extra={
        can('base:sys:user:move') ? (
          <Button size="small" icon={<UserAddOutlined />} onClick={() => setPicking(true)} data-testid="department-add-members">
            {t('common.addMembers')}
          </Button>
        ) : null
      }
    >
      <Table<User>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={data.list}
        columns={[
          { title: t('common.username'), dataIndex: 'username' },
          { title: t('common.nickName'), dataIndex: 'nickName', render: (v: string | null) => v ?? '-' },
          { title: t('common.email'), dataIndex: 'email', render: (v: string | null) => v ?? '-' },
        ]}
        pagination={data.total > SIZE ? { current: page, pageSize: SIZE, total: data.total, onChange: setPage, showSizeChanger: false } : false}
      />
      <MemberSelect open={picking} busy={busy} exclude={data.list.map((u) => u.id)} onCancel={() => setPicking(false)} onOk={(ids) => void add(ids)} />
    </Card>
  );
}
