/**
 * One group on the board: its name, type, the caller's role (when not a plain member), the unread
 * count of its chat, and its members in the group's rows x cols grid ("+N" on the grid's corner when
 * more members than cells). Clicking the tile (or Enter) opens the group's chat; the "…" menu holds
 * the other actions. On wide screens the tile can be dragged onto a desktop chip to move it.
 */
import { useMemo } from 'react';
import { Badge, Tag, Tooltip } from 'antd';
import { CrownOutlined, GlobalOutlined, LockOutlined, TeamOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { useConversation } from '../realtime';
import { TYPE_KEYS, type MyGroup } from './board-api';
import { gridOf } from './board-grid';
import { isOnline, type PresenceMap } from './presence-map';
import type { TileAction } from './group-roles';
import { useGroupMembers } from './use-group-members';
import MemberCell from './MemberCell';
import TileMenu from './TileMenu';
import { DRAG_GROUP } from './DesktopBar';

const TYPE_ICONS = [<LockOutlined key="0" />, <GlobalOutlined key="1" />, <TeamOutlined key="2" />];
const TYPE_COLORS = ['default', 'blue', 'gold'];

interface Props {
  group: MyGroup;
  version: number;
  presence: PresenceMap;
  onAction(a: TileAction, g: MyGroup): void;
}

export default function GroupTile({ group: g, version, presence, onAction }: Props) {
  const { t } = useI18n();
  const target = useMemo(() => ({ toType: 1 as const, toId: g.id }), [g.id]);
  const unread = useConversation(target)?.unread ?? 0;
  const { members } = useGroupMembers(g.id, version);
  const grid = gridOf(members ?? [], g.rows, g.cols, g.memberCount);

  return (
    <div
      className="board-tile"
      role="button"
      tabIndex={0}
      draggable
      data-testid={`board-tile-${g.id}`}
      data-group-name={g.name}
      onClick={() => onAction('chat', g)}
      onKeyDown={(e) => {
        if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
          e.preventDefault();
          onAction('chat', g);
        }
      }}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_GROUP, String(g.id));
        e.dataTransfer.effectAllowed = 'move';
      }}
    >
      <div className="board-tile-head">
        <strong className="board-tile-name" title={g.name}>
          {g.name}
        </strong>
        <Tooltip title={unread ? t('wsBoard.tile.unread', { count: unread }) : undefined}>
          <Badge count={unread} overflowCount={99} data-testid={`board-tile-unread-${g.id}`} />
        </Tooltip>
        <TileMenu groupId={g.id} role={g.role} onAction={(a) => onAction(a, g)} />
      </div>
      <div className="board-tile-meta">
        <Tag icon={TYPE_ICONS[g.type]} color={TYPE_COLORS[g.type]} data-testid="board-tile-type" data-type={g.type}>
          {t(`wsBoard.type.${TYPE_KEYS[g.type]}`)}
        </Tag>
        {g.role !== 'member' && (
          <Tag icon={g.role === 'owner' ? <CrownOutlined /> : undefined} color={g.role === 'owner' ? 'orange' : 'purple'} data-testid="board-tile-role">
            {t(`wsBoard.role.${g.role}`)}
          </Tag>
        )}
        <span className="board-tile-count">{t('wsBoard.tile.members', { count: Math.max(g.memberCount, members?.length ?? 0) })}</span>
      </div>
      <div className="board-grid-wrap">
        <div
          className="board-grid"
          style={{ gridTemplateColumns: `repeat(${grid.cols}, minmax(0, 56px))` }}
          data-testid={`board-grid-${g.id}`}
          data-rows={grid.rows}
          data-cols={grid.cols}
        >
          {grid.cells.map((m, i) => (
            <MemberCell key={m ? `m${m.id}` : `e${i}`} member={m} online={m ? isOnline(presence, m) : false} />
          ))}
        </div>
        {grid.extra > 0 && (
          <Tooltip title={t('wsBoard.tile.moreHint', { count: grid.extra })}>
            <span className="board-more" data-testid={`board-tile-more-${g.id}`}>
              {t('wsBoard.tile.more', { count: grid.extra })}
            </span>
          </Tooltip>
        )}
      </div>
      {g.remark && (
        <p className="board-tile-remark" title={g.remark}>
          {g.remark}
        </p>
      )}
    </div>
  );
}
