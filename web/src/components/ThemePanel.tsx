/**
 * The theme switcher's panel: the eight themes, dark mode, menu grouping and the switch animation.
 * Loaded when first opened; plain elements (no antd), so the sign-in page can show it before antd is
 * loaded. The switches look like antd's small Switch.
 */
import { THEME_COLORS, THEME_NAMES, setTheme, useTheme } from '../app/theme';
import { useI18n } from '../i18n';
import './theme-panel.css';

const TOGGLES = [
  ['dark', 'shell.darkMode'],
  ['isGroup', 'shell.groupMenu'],
  ['transition', 'shell.animation'],
] as const;

export default function ThemePanel() {
  const { t } = useI18n();
  const theme = useTheme();
  return (
    <div className="theme-panel" data-testid="theme-panel">
      <div className="theme-panel-colors">
        {THEME_NAMES.map((name) => (
          <button
            key={name}
            type="button"
            title={t(`shell.themes.${name}`)}
            aria-label={t(`shell.themes.${name}`)}
            aria-pressed={theme.name === name}
            data-testid={`theme-${name}`}
            onClick={() => setTheme({ name })}
            className="theme-panel-color"
            style={{ background: THEME_COLORS[name] }}
          >
            {theme.name === name ? (
              <svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" strokeWidth={3} aria-hidden="true">
                <path d="M5 12.5l4.5 4.5L19 7.5" />
              </svg>
            ) : null}
          </button>
        ))}
      </div>
      {TOGGLES.map(([k, label]) => (
        <label key={k} className="theme-panel-row">
          <span>{t(label)}</span>
          <button
            type="button"
            role="switch"
            aria-checked={theme[k]}
            className={theme[k] ? 'theme-switch-toggle on' : 'theme-switch-toggle'}
            data-testid={`theme-${k}`}
            onClick={() => setTheme({ [k]: !theme[k] })}
          />
        </label>
      ))}
    </div>
  );
}
