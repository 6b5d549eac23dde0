/**
 * Add people to a group (owner or deputy): tick some of the caller's accepted friends. Friends who
 * are members already are listed but cannot be ticked. Each one is a `groupMember/add` call, one
 * after another; those the server refuses are reported by the http client and the rest still go in.
 */
import { useEffect, useMemo, useState } from 'react';
import { Avatar, Button, Checkbox, Empty, Input, List, Modal, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { useAuth } from '../../app/auth';
import { tabPath } from '../nav';
import { boardApi, type Friend, type MyGroup } from './board-api';
import { avatarColor, initials } from './board-grid';
import { useGroupMembers } from './use-group-members';
import { useAppApi } from '../../app/app-api';

interface Props {
  group: MyGroup;
  onClose(): void;
  onAdded(): void;
}

export default function AddPeopleDialog({ group, onClose, onAdded }: Props) {
  const { t } = useI18n();
  const { message } = useAppApi();
  const navigate = useNavigate();
  const me = useAuth().user?.id;
  const [friends, setFriends] = useState<Friend[] | null>(null);
  const [keyWord, setKeyWord] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const { members } = useGroupMembers(group.id, 0);
  const inGroup = useMemo(() => new Set((members ?? []).map((m) => m.userId)), [members]);

  useEffect(() => {
    if (!me) return;
    let live = true;
    boardApi
      .friends(me)
      .then((f) => live && setFriends(f))
      .catch(() => live && setFriends([]));
    return () => {
      live = false;
    };
  }, [me]);

  const shown = (friends ?? []).filter((f) => {
    const k = keyWord.trim().toLowerCase();
    return !k || `${f.nickName ?? ''} ${f.remark ?? ''}`.toLowerCase().includes(k);
  });
  const addable = (friends ?? []).filter((f) => !inGroup.has(f.friendId));

  const submit = async () => {
    setBusy(true);
    let added = 0;
    for (const userId of chosen) {
      try {
        await boardApi.addPerson(group.id, userId);
        added++;
      } catch {
        /* shown by the http client; go on with the others */
      }
    }
    setBusy(false);
    if (added) {
      void message.success(t('wsBoard.people.added', { count: added }));
      onAdded();
    }
    if (added === chosen.length) onClose();
  };

  const toggle = (id: number, on: boolean) => setChosen((c) => (on ? [...c, id] : c.filter((x) => x !== id)));

  return (
    <Modal
      open
      title={t('wsBoard.people.title', { name: group.name })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('wsBoard.people.add', { count: chosen.length })}
      okButtonProps={{ disabled: !chosen.length, 'data-testid': 'board-people-ok' }}
      confirmLoading={busy}
    >
      {friends !== null && !addable.length ? (
        <Empty description={t('wsBoard.people.none')} data-testid="board-people-empty">
          <p className="board-muted">{t('wsBoard.people.noneHint')}</p>
          <Button onClick={() => navigate(tabPath('friends'))}>{t('wsBoard.people.toFriends')}</Button>
        </Empty>
      ) : (
        <>
          <Input.Search
            allowClear
            placeholder={t('wsBoard.people.search')}
            value={keyWord}
            onChange={(e) => setKeyWord(e.target.value)}
            data-testid="board-people-search"
          />
          <List
            className="board-pick-list"
            loading={friends === null}
            dataSource={shown}
            rowKey="friendId"
            renderItem={(f) => {
              const member = inGroup.has(f.friendId);
              const name = f.remark || f.nickName || `#${f.friendId}`;
              return (
                <List.Item data-testid={`board-people-${f.friendId}`}>
                  <Checkbox disabled={member} checked={member || chosen.includes(f.friendId)} onChange={(e) => toggle(f.friendId, e.target.checked)}>
                    <span className="board-pick-name">
                      <Avatar size="small" src={f.avatar || undefined} style={{ background: avatarColor(f.friendId) }}>
                        {initials(name)}
                      </Avatar>
                      {name}
                    </span>
                  </Checkbox>
                  {member && <Tag>{t('wsBoard.people.member')}</Tag>}
                </List.Item>
              );
            }}
          />
        </>
      )}
    </Modal>
  );
}
