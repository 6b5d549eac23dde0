/**
 * A click menu on a trigger, for the pages that must load light (the workspace's first page, the
 * sign-in pages): the same item shape as antd's Dropdown `menu.items`, drawn in a Popover (which the
 * tooltips load anyway) instead of antd's Menu, whose code (rc-menu, rc-overflow) weighs about 35 KB
 * gzip. Items are buttons with role `menuitem`; arrow keys move between them, Escape closes, a click
 * runs the item and closes. `selectedKey` marks one item (a language switch).
 *
 *   <MenuButton items={[{ key: 'rename', icon: <EditOutlined />, label: t('…'), onClick }]}>
 *     <Button icon={<MoreOutlined />} />
 *   </MenuButton>
 */
import { useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { Popover } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import './menu-button.css';

export type MenuButtonItem =
  | {
      key: string;
      label: ReactNode;
      icon?: ReactNode;
      danger?: boolean;
      disabled?: boolean;
      onClick?: () => void;
      'data-testid'?: string;
    }
  | { type: 'divider' };

interface Props {
  items: MenuButtonItem[];
  children: ReactElement;
  placement?: 'bottomLeft' | 'bottomRight' | 'bottom';
  selectedKey?: string;
  /** Called with the key of the item chosen, after its own onClick. */
  onSelect?: (key: string) => void;
}

/** The index of the next enabled item from `from` in direction `step`, wrapping around. */
export function nextEnabled(enabled: readonly boolean[], from: number, step: 1 | -1): number {
  const n = enabled.length;
  for (let i = 1; i <= n; i++) {
    const at = (((from + step * i) % n) + n) % n;
    if (enabled[at]) return at;
  }
  return from;
}

export default function MenuButton({ items, children, placement = 'bottomRight', selectedKey, onSelect }: Props) {
  const [open, setOpen] = useState(false);
  const list = useRef<HTMLDivElement>(null);

  const buttons = () => [...(list.current?.querySelectorAll<HTMLButtonElement>('button[role="menuitem"]') ?? [])];
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      setOpen(false);
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const all = buttons();
    const at = all.findIndex((b) => b === document.activeElement);
    const next = nextEnabled(
      all.map((b) => !b.disabled),
      at < 0 ? -1 : at,
      e.key === 'ArrowDown' ? 1 : -1,
    );
    all[next]?.focus();
  };

  const content = (
    <div className="menu-button-list" role="menu" ref={list} onKeyDown={onKeyDown}>
      {items.map((item, i) =>
        'type' in item ? (
          <div key={`divider-${i}`} className="menu-button-divider" role="separator" />
        ) : (
          <button
            key={item.key}
            type="button"
            role="menuitem"
            className={`menu-button-item${item.danger ? ' danger' : ''}${item.key === selectedKey ? ' selected' : ''}`}
            disabled={item.disabled}
            aria-checked={selectedKey !== undefined ? item.key === selectedKey : undefined}
            data-testid={item['data-testid']}
            onClick={() => {
              setOpen(false);
              item.onClick?.();
              onSelect?.(item.key);
            }}
          >
            {item.icon && <span className="menu-button-icon">{item.icon}</span>}
            <span className="menu-button-label">{item.label}</span>
            {item.key === selectedKey && <CheckOutlined className="menu-button-check" />}
          </button>
        ),
      )}
    </div>
  );

  return (
    <Popover
      content={content}
      trigger="click"
      placement={placement}
      open={open}
      onOpenChange={setOpen}
      arrow={false}
      destroyOnHidden
      styles={{ body: { padding: 4 } }}
      afterOpenChange={(visible) =>
        visible &&
        buttons()
          .find((b) => !b.disabled)
          ?.focus()
      }
    >
      {children}
    </Popover>
  );
}
