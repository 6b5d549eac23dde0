import { lazy, Suspense } from 'react';
import { Button, Popover } from 'antd';
import { BgColorsOutlined } from '@ant-design/icons';
import { useI18n } from '../i18n';

// The panel (switches, colour buttons) loads when first opened: every page shows this button.
const ThemePanel = lazy(() => import('./ThemePanel'));

/** The theme switcher toolbar: the eight themes, dark mode, menu grouping and the switch animation. */
export default function ThemeSwitch() {
  const { t } = useI18n();
  // The popup's content renders (and so loads) on the first opening only.
  const content = (
    <Suspense fallback={<div style={{ width: 260, height: 120 }} />}>
      <ThemePanel />
    </Suspense>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Button type="text" icon={<BgColorsOutlined />} aria-label={t('common.theme')} data-testid="theme-switch" />
    </Popover>
  );
}
