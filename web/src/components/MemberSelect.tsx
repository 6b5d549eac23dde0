/**
 * The member selector: a searchable list of users to tick (000 §5: 'Please select members' when
 * none is ticked). `onOk` receives the chosen users' ids.
 */
import { useEffect, useState } from 'react';
import { Alert, Input, Modal, Table } from 'antd';
import { data as entityData, type Row } from '../app/data';
import { useI18n } from '../i18n';

type MemberRow = Row<'base/sys/user'>;

const PAGE_SIZE = 10;

export default function MemberSelect(props: {
  open: boolean;
  title?: string;
  busy?: boolean;
  exclude?: number[];
  onCancel: () => void;
  onOk: (ids: number[]) => void;
}) {
  const { open, title, busy, exclude = [], onCancel, onOk } = props;
  const { t } = useI18n();
  const [keyWord, setKeyWord] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: MemberRow[]; total: number }>({ list: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (!open) {
      setChosen([]);
      setMissing(false);
      setKeyWord('');
      setPage(1);
      return;
    }
    let live = true;
    setLoading(true);
    entityData('base/sys/user')
      .page({ page, size: PAGE_SIZE, keyWord: keyWord || undefined })
      .then((r) => live && setData({ list: r.list, total: r.pagination.total }))
      .catch(() => live && setData({ list: [], total: 0 }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open, page, keyWord]);

  const submit = () => {
    if (!chosen.length) {
      setMissing(true);
      return;
    }
    onOk(chosen);
  };

  return (
    <Modal
      open={open}
      title={title ?? t('common.selectMembers')}
      onCancel={onCancel}
      onOk={submit}
      confirmLoading={busy}
      width={640}
      okButtonProps={{ 'data-testid': 'member-select-ok' } as Record<string, string>}
      destroyOnHidden
    >
      <Input.Search
        allowClear
        placeholder={t('common.searchMembers')}
        onSearch={(v) => {
          setPage(1);
          setKeyWord(v.trim());
        }}
        style={{ marginBottom: 12 }}
        data-testid="member-search"
      />
      {missing ? <Alert type="error" showIcon message={t('common.pleaseSelectMembers')} style={{ marginBottom: 12 }} /> : null}
      <Table<MemberRow>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={data.list}
        columns={[
          { title: t('common.username'), dataIndex: 'username' },
          { title: t('common.nickName'), dataIndex: 'nickName', render: (v: string | null) => v ?? '-' },
          { title: t('common.email'), dataIndex: 'email', render: (v: string | null) => v ?? '-' },
        ]}
        rowSelection={{
          selectedRowKeys: chosen,
          preserveSelectedRowKeys: true,
          getCheckboxProps: (r) => ({ disabled: exclude.includes(r.id) }),
          onChange: (keys) => {
            setChosen(keys.map(Number));
            if (keys.length) setMissing(false);
          },
        }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data.total, onChange: setPage, showSizeChanger: false }}
      />
    </Modal>
  );
}
