/**
 * The desktop bar: one chip per desktop (the default first), the selected one highlighted, and a
 * button to add a desktop. Each own desktop has a menu (rename, move left / right, delete); chips
 * drag-sort with HTML5 drag and drop on desktops, and a group tile dropped on a chip moves the group
 * there. Touch screens have no HTML5 drag and drop, hence the menu's move left / right.
 *
 * Decisions: the add button reads "+ Desktop" at every width (a touch screen shows no tooltip) and is
 * named "New desktop" for screen readers; a new desktop goes last and is selected at once; deleting the selected desktop shows
 * the default one; the chip shows how many groups the desktop holds.
 */
import { lazy, Suspense, useEffect, useRef, useState, type DragEvent } from 'react';
import { Button, Tooltip } from 'antd';
import MenuButton from '../../components/MenuButton';
import { DeleteOutlined, EditOutlined, LeftOutlined, MoreOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { DEFAULT_DESKTOP_ID, canMove, dropOn, isDefaultDesktop, moveBy, type DesktopItem } from './desktop-order';
import { desktopName } from './desktop-name';
const DesktopNameDialog = lazy(() => import('./DesktopNameDialog'));
import type { Board } from './use-board';
import { useAppApi } from '../../app/app-api';

/** The drag data types: a desktop chip being sorted, a group tile being moved. */
export const DRAG_DESKTOP = 'application/x-ws-desktop';
export const DRAG_GROUP = 'application/x-ws-group';

interface Props {
  board: Board;
  desktops: readonly DesktopItem[];
  selected: number;
  onSelect(id: number): void;
}

type Naming = { mode: 'add' } | { mode: 'rename'; desk: DesktopItem } | null;

export default function DesktopBar({ board, desktops, selected, onSelect }: Props) {
  const { t } = useI18n();
  const { modal, message } = useAppApi();
  const [naming, setNaming] = useState<Naming>(null);
  const [over, setOver] = useState<number | null>(null);
  const strip = useRef<HTMLDivElement>(null);

  // On phones the strip scrolls: keep the selected chip in view.
  useEffect(() => {
    strip.current?.querySelector<HTMLElement>('.board-desk.active')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected, desktops.length]);

  const confirmDelete = (d: DesktopItem) =>
    modal.confirm({
      title: t('wsBoard.desktop.deleteTitle', { name: d.name }),
      content: t('wsBoard.desktop.deleteBody'),
      okText: t('wsBoard.desktop.delete'),
      okButtonProps: { danger: true, 'data-testid': 'board-desktop-delete-ok' },
      onOk: async () => {
        await board.deleteDesktop(d.id);
        if (selected === d.id) onSelect(DEFAULT_DESKTOP_ID);
        void message.success(t('wsBoard.desktop.deleted'));
      },
    });

  const move = (d: DesktopItem, delta: -1 | 1) => void board.reorder(moveBy(desktops, d.id, delta)).catch(() => undefined);

  const menuOf = (d: DesktopItem) =>
    [
      { key: 'rename', icon: <EditOutlined />, label: t('wsBoard.desktop.rename'), onClick: () => setNaming({ mode: 'rename', desk: d }) },
      { key: 'left', icon: <LeftOutlined />, label: t('wsBoard.desktop.moveLeft'), disabled: !canMove(desktops, d.id, -1), onClick: () => move(d, -1) },
      { key: 'right', icon: <RightOutlined />, label: t('wsBoard.desktop.moveRight'), disabled: !canMove(desktops, d.id, 1), onClick: () => move(d, 1) },
      { type: 'divider' as const },
      { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('wsBoard.desktop.delete'), onClick: () => confirmDelete(d) },
    ].map((i) => ('key' in i ? { ...i, 'data-testid': `board-desktop-${i.key}` } : i));

  // A desktop dropped on the default one goes first among the own ones (dropOn).
  const accepts = (e: DragEvent) => e.dataTransfer.types.includes(DRAG_GROUP) || e.dataTransfer.types.includes(DRAG_DESKTOP);

  const onDrop = (e: DragEvent, d: DesktopItem) => {
    e.preventDefault();
    setOver(null);
    const group = Number(e.dataTransfer.getData(DRAG_GROUP));
    const desk = Number(e.dataTransfer.getData(DRAG_DESKTOP));
    if (group) void board.moveGroupTo(group, d.id).catch(() => undefined);
    else if (desk) {
      const next = dropOn(desktops, desk, d.id);
      if (next !== desktops) void board.reorder(next).catch(() => undefined);
    }
  };

  return (
    <div className="board-desks-bar">
      <div ref={strip} className="board-desks" role="tablist" aria-label={t('wsBoard.title')} data-testid="board-desktops">
        {desktops.map((d) => {
          const own = !isDefaultDesktop(d.id);
          const active = d.id === selected;
          return (
            <div
              key={d.id}
              role="tab"
              tabIndex={0}
              aria-selected={active}
              className={`board-desk${active ? ' active' : ''}${over === d.id ? ' over' : ''}`}
              data-testid={`board-desktop-${d.id}`}
              data-desktop-name={d.name}
              draggable={own}
              title={own ? t('wsBoard.desktop.dragHint') : undefined}
              onClick={() => onSelect(d.id)}
              onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), onSelect(d.id))}
              onDragStart={(e) => {
                e.dataTransfer.setData(DRAG_DESKTOP, String(d.id));
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(e) => {
                if (!accepts(e)) return;
                e.preventDefault();
                if (over !== d.id) setOver(d.id);
              }}
              onDragLeave={() => setOver((o) => (o === d.id ? null : o))}
              onDrop={(e) => onDrop(e, d)}
            >
              <span className="board-desk-name">{desktopName(d, t)}</span>
              <span className="board-desk-count" aria-label={t('wsBoard.board.groups', { count: d.member.length })}>
                {d.member.length}
              </span>
              {own && (
                // Clicks in the menu (a portal) still bubble to the chip in React: stop them here.
                <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
                  <MenuButton items={menuOf(d)} placement="bottomLeft">
                    <Button
                      type="text"
                      size="small"
                      className="board-desk-more"
                      icon={<MoreOutlined />}
                      aria-label={t('wsBoard.desktop.menu')}
                      data-testid={`board-desktop-menu-${d.id}`}
                    />
                  </MenuButton>
                </span>
              )}
            </div>
          );
        })}
      </div>
      <Tooltip title={t('wsBoard.desktop.addTitle')}>
        <Button
          icon={<PlusOutlined />}
          onClick={() => setNaming({ mode: 'add' })}
          aria-label={t('wsBoard.desktop.addTitle')}
          className="board-desk-add"
          data-testid="board-desktop-add"
        >
          {t('wsBoard.desktop.add')}
        </Button>
      </Tooltip>
      {naming !== null && (
        <Suspense fallback={null}>
          <DesktopNameDialog
            open
            title={naming.mode === 'rename' ? t('wsBoard.desktop.renameTitle') : t('wsBoard.desktop.addTitle')}
            initial={naming.mode === 'rename' ? naming.desk.name : ''}
            onClose={() => setNaming(null)}
            onOk={async (name) => {
              if (naming.mode === 'rename') await board.renameDesktop(naming.desk.id, name);
              else onSelect(await board.addDesktop(name));
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
