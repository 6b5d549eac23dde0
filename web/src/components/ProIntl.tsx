/**
 * ProComponents' own texts (ProTable's toolbar, ProForm's buttons…) default to Chinese; this
 * provider gives them the interface language. Loaded only with the screens that use ProComponents,
 * so the sign-in page and the console's first page stay light.
 */
import type { ReactNode } from 'react';
import { ProConfigProvider, enUSIntl, zhCNIntl, zhTWIntl } from '@ant-design/pro-provider';
import { useI18n } from '../i18n';
import { useTheme } from '../app/theme';

const PRO_INTL = { en: enUSIntl, 'zh-cn': zhCNIntl, 'zh-tw': zhTWIntl } as const;

export default function ProIntl({ children }: { children: ReactNode }) {
  const { lang } = useI18n();
  const theme = useTheme();
  return (
    <ProConfigProvider intl={PRO_INTL[lang]} dark={theme.dark}>
      {children}
    </ProConfigProvider>
  );
}
