/**
 * The workbench's board (`/workbench`, tab board): the desktop bar, the selected desktop's groups
 * as tiles, and everything a tile opens (chat drawer, settings drawer, add people / AI member, move
 * to desktop, leave, delete), plus "Create group".
 *
 * Decisions the spec leaves open: the selected desktop lives in the address (`&desktop=ID`) and in
 * localStorage; tiles are in the desktop's own order; the board reloads when a notice says the
 * caller joined, left, was removed or changed role (notify types 5, 6, 7), so tiles stay true
 * without a page reload; presence notices update the online dots in place. The group's `onBoard`
 * flag is a card setting of the whole group (editable in its settings), not a filter here: the
 * board shows every group the member is in, since hiding one would leave no way back to it.
 */
import { lazy, Suspense, useCallback, useState } from 'react';
import { Button, Skeleton } from 'antd';
import { AppstoreAddOutlined, PlusOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { useAuth } from '../../app/auth';
import { useNotice } from '../realtime';
import { MEMBERSHIP_NOTIFY_TYPES } from '../notify-types';
import { boardApi, type MyGroup } from './board-api';
import { groupsOn } from './desktop-order';
import { desktopName } from './desktop-name';
import type { TileAction } from './group-roles';
import { useBoard } from './use-board';
import { usePresence } from './use-presence';
import { useSelectedDesktop } from './use-selected-desktop';
import DesktopBar from './DesktopBar';
import GroupTile from './GroupTile';
const CreateGroupDialog = lazy(() => import('./CreateGroupDialog'));
import BoardDialogs, { type Opened } from './BoardDialogs';
import './board.css';
import { useAppApi } from '../../app/app-api';

export default function BoardView() {
  const { t } = useI18n();
  const { modal, message } = useAppApi();
  const me = useAuth().user?.id;
  const board = useBoard();
  const presence = usePresence();
  const [selected, select] = useSelectedDesktop(board.desktops, me);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [creating, setCreating] = useState(false);
  const { reload } = board;

  const onNotify = useCallback((n: Record<string, unknown>) => void (MEMBERSHIP_NOTIFY_TYPES.includes(Number(n.type)) && reload()), [reload]);
  useNotice('notify', onNotify);

  const onAction = (a: TileAction, g: MyGroup) => {
    if (a === 'leave') {
      modal.confirm({
        title: t('wsBoard.confirm.leaveTitle', { name: g.name }),
        content: t('wsBoard.confirm.leaveBody'),
        okText: t('wsBoard.confirm.leaveOk'),
        okButtonProps: { danger: true, 'data-testid': 'board-leave-ok' },
        onOk: async () => {
          await boardApi.removeMembers([g.memberId]);
          void message.success(t('wsBoard.confirm.left'));
          await reload();
        },
      });
    } else if (a === 'delete') {
      modal.confirm({
        title: t('wsBoard.confirm.deleteTitle', { name: g.name }),
        content: t('wsBoard.confirm.deleteBody'),
        okText: t('wsBoard.confirm.deleteOk'),
        okButtonProps: { danger: true, 'data-testid': 'board-delete-ok' },
        onOk: async () => {
          await boardApi.deleteGroup(g.id);
          void message.success(t('wsBoard.confirm.deleted'));
          await reload();
        },
      });
    } else setOpened({ kind: a, groupId: g.id });
  };

  if (board.failed && !board.desktops) {
    return (
      <div className="board-empty">
        <p className="board-muted">{t('workspace.loadFailed')}</p>
        <Button onClick={() => void reload()} data-testid="board-retry">
          {t('workspace.retry')}
        </Button>
      </div>
    );
  }
  if (!board.desktops || !board.groups) return <Skeleton active className="board-loading" data-testid="board-loading" />;

  const desk = board.desktops.find((d) => d.id === selected);
  const tiles = groupsOn(board.desktops, selected, board.groups);
  const createButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="board-create-group">
      {t('wsBoard.board.createGroup')}
    </Button>
  );

  return (
    <div className="board" data-testid="board" data-desktop={selected}>
      <DesktopBar board={board} desktops={board.desktops} selected={selected} onSelect={select} />
      <div className="board-head">
        <div className="board-head-title">
          <h4 className="board-title" data-testid="board-desktop-title">
            {desk ? desktopName(desk, t) : ''}
          </h4>
          <span className="board-muted">{t('wsBoard.board.groups', { count: tiles.length })}</span>
        </div>
        {tiles.length > 0 && createButton}
      </div>
      {tiles.length ? (
        <div className="board-tiles" data-testid="board-tiles">
          {tiles.map((g) => (
            <GroupTile key={g.id} group={g} version={board.version} presence={presence} onAction={onAction} />
          ))}
        </div>
      ) : (
        <div className="board-empty" data-testid="board-empty">
          <AppstoreAddOutlined className="board-empty-icon" />
          <p className="board-empty-title">{t('wsBoard.board.empty')}</p>
          <p className="board-muted">{t('wsBoard.board.emptyHint')}</p>
          {createButton}
        </div>
      )}
      {creating && (
        <Suspense fallback={null}>
          <CreateGroupDialog open desktopId={selected} onClose={() => setCreating(false)} onCreated={() => void reload()} />
        </Suspense>
      )}
      <BoardDialogs opened={opened} board={board} presence={presence} onClose={() => setOpened(null)} />
    </div>
  );
}
