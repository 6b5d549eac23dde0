/**
 * The sign-in page's two ways in (password, e-mail code) as a row of tabs. antd's Tabs brings its
 * overflow menu (rc-tabs, rc-menu, rc-dropdown: about 20 KB of gzip JS) for a row that never
 * overflows; this one is buttons with the tab roles. A pane once shown stays mounted (hidden), so
 * what was typed survives a switch back.
 */
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface AuthTab {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

export default function AuthTabs({ items }: { items: AuthTab[] }) {
  const [active, setActive] = useState(items[0]?.key ?? '');
  const [seen, setSeen] = useState<ReadonlySet<string>>(() => new Set([active]));
  const bar = useRef<HTMLDivElement>(null);
  const show = (key: string) => {
    setActive(key);
    setSeen((s) => (s.has(key) ? s : new Set([...s, key])));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const at = items.findIndex((i) => i.key === active);
    const next = items[(at + (e.key === 'ArrowRight' ? 1 : items.length - 1)) % items.length];
    show(next.key);
    bar.current?.querySelector<HTMLButtonElement>(`[data-key="${next.key}"]`)?.focus();
  };
  return (
    <div className="auth-tabs">
      <div className="auth-tabs-bar" role="tablist" ref={bar} onKeyDown={onKeyDown}>
        {items.map((i) => (
          <button
            key={i.key}
            type="button"
            role="tab"
            id={`auth-tab-${i.key}`}
            data-key={i.key}
            aria-selected={i.key === active}
            aria-controls={`auth-pane-${i.key}`}
            tabIndex={i.key === active ? 0 : -1}
            className={i.key === active ? 'auth-tab active' : 'auth-tab'}
            onClick={() => show(i.key)}
          >
            {i.label}
          </button>
        ))}
      </div>
      {items
        .filter((i) => seen.has(i.key))
        .map((i) => (
          <div key={i.key} id={`auth-pane-${i.key}`} role="tabpanel" aria-labelledby={`auth-tab-${i.key}`} hidden={i.key !== active}>
            {i.children}
          </div>
        ))}
    </div>
  );
}
