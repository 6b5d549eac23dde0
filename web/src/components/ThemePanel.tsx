/** The theme switcher's panel: the eight themes, dark mode, menu grouping and the switch animation. Loaded when first opened. */
import { Space, Switch, Tooltip } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { THEME_COLORS, THEME_NAMES, setTheme, useTheme } from '../app/theme';
import { useI18n } from '../i18n';

export default function ThemePanel() {
  const { t } = useI18n();
  const theme = useTheme();
  return (
    <div style={{ width: 260 }} data-testid="theme-panel">
      <Space wrap size={8} style={{ marginBottom: 12 }}>
        {THEME_NAMES.map((name) => (
          <Tooltip key={name} title={t(`shell.themes.${name}`)}>
            <button
              type="button"
              aria-label={t(`shell.themes.${name}`)}
              data-testid={`theme-${name}`}
              onClick={() => setTheme({ name })}
              style={{
                width: 26,
                height: 26,
                borderRadius: 6,
                border: 'none',
                cursor: 'pointer',
                background: THEME_COLORS[name],
                color: '#fff',
                display: 'inline-flex',
                alignItems: 'center',
                justifyContent: 'center',
              }}
            >
              {theme.name === name ? <CheckOutlined /> : null}
            </button>
          </Tooltip>
        ))}
      </Space>
      {(
        [
          ['dark', 'shell.darkMode'],
          ['isGroup', 'shell.groupMenu'],
          ['transition', 'shell.animation'],
        ] as const
      ).map(([k, label]) => (
        <div key={k} style={{ display: 'flex', justifyContent: 'space-between', marginTop: 8 }}>
          <span>{t(label)}</span>
          <Switch size="small" checked={theme[k]} data-testid={`theme-${k}`} onChange={(v) => setTheme({ [k]: v })} />
        </div>
      ))}
    </div>
  );
}
