/**
 * The sign-in pages' language and theme switches, drawn without antd (the console and the workspace
 * have antd's, in LangSwitch and ThemeSwitch): a button that opens a small panel under it, closed by
 * a choice, Escape or a click elsewhere. The language panel is a menu (arrow keys move, as in
 * MenuButton); the theme panel is the same ThemePanel the other pages show.
 */
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { LANG_NAMES } from '../../i18n/define';
import { LANGS, useI18n, type Lang } from '../../i18n';
import { switchLanguage } from '../../app/language';
import { CheckIcon, LanguageIcon, PaletteIcon } from './icons';

const ThemePanel = lazy(() => import('../../components/ThemePanel'));

function Popup({ trigger, label, testId, children }: { trigger: ReactNode; label: string; testId: string; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    const away = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);
  const close = () => {
    setOpen(false);
    box.current?.querySelector<HTMLButtonElement>('.auth-switch')?.focus();
  };
  return (
    <span className="auth-popup-anchor" ref={box} onKeyDown={(e) => e.key === 'Escape' && open && close()}>
      <button
        type="button"
        className="auth-switch"
        aria-label={label}
        aria-expanded={open}
        aria-haspopup="true"
        data-testid={testId}
        onClick={() => setOpen((o) => !o)}
      >
        {trigger}
      </button>
      {open && <div className="auth-popup">{children(close)}</div>}
    </span>
  );
}

export function LangSwitch() {
  const { t, lang } = useI18n();
  const list = useRef<HTMLDivElement>(null);
  const move = (e: KeyboardEvent) => {
    const items = [...(list.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const step = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    if (!step || !items.length) return;
    e.preventDefault();
    items[(at + step + items.length) % items.length].focus();
  };
  return (
    <Popup
      label={t('common.language')}
      testId="lang-switch"
      trigger={
        <>
          <LanguageIcon />
          <span className="lang-switch-name">{LANG_NAMES[lang]}</span>
        </>
      }
    >
      {(close) => (
        <div role="menu" className="auth-menu" ref={list} onKeyDown={move}>
          {LANGS.map((l: Lang) => (
            <button
              key={l}
              type="button"
              role="menuitem"
              className={l === lang ? 'auth-menu-item active' : 'auth-menu-item'}
              ref={l === lang ? (el) => el?.focus() : undefined}
              onClick={() => {
                switchLanguage(l);
                close();
              }}
            >
              <span>{LANG_NAMES[l]}</span>
              {l === lang ? <CheckIcon /> : null}
            </button>
          ))}
        </div>
      )}
    </Popup>
  );
}

export function ThemeSwitch() {
  const { t } = useI18n();
  return (
    <Popup label={t('common.theme')} testId="theme-switch" trigger={<PaletteIcon />}>
      {() => (
        <Suspense fallback={<div style={{ width: 260, height: 120 }} />}>
          <ThemePanel />
        </Suspense>
      )}
    </Popup>
  );
}
