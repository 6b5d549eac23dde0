/** A tile's "…" menu: the actions the caller's role allows (group-roles.ts), in a click menu. */
import { Button } from 'antd';
import MenuButton from '../../components/MenuButton';
import {
  DeleteOutlined,
  LogoutOutlined,
  MessageOutlined,
  MoreOutlined,
  RobotOutlined,
  SettingOutlined,
  SwapOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useI18n } from '../../i18n';
import { tileActions, type GroupRole, type TileAction } from './group-roles';

const ICONS: Record<TileAction, ReactNode> = {
  chat: <MessageOutlined />,
  addPeople: <UserAddOutlined />,
  addAi: <RobotOutlined />,
  move: <SwapOutlined />,
  settings: <SettingOutlined />,
  leave: <LogoutOutlined />,
  delete: <DeleteOutlined />,
};

export default function TileMenu({ groupId, role, onAction }: { groupId: number; role: GroupRole; onAction(a: TileAction): void }) {
  const { t } = useI18n();
  const actions = tileActions(role);
  const items = actions.flatMap((a) => [
    ...(a === 'leave' || a === 'delete' ? [{ type: 'divider' as const }] : []),
    {
      key: a,
      icon: ICONS[a],
      danger: a === 'leave' || a === 'delete',
      label: t(`wsBoard.action.${a}`),
      'data-testid': `board-tile-action-${a}`,
      onClick: () => onAction(a),
    },
  ]);
  return (
    // Clicks in the menu (a portal) still bubble to the tile in React: stop them here.
    <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      <MenuButton items={items}>
        <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('wsBoard.tile.menu')} data-testid={`board-tile-menu-${groupId}`} />
      </MenuButton>
    </span>
  );
}
