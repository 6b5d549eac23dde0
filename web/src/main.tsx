import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { App as AntApp, ConfigProvider, theme as antTheme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import './styles.css';
import { useI18n } from './i18n';
import { applyCssVars, getTheme, useTheme } from './app/theme';
import { registerMessageApi } from './app/notify';
import { router } from './app/router';

const ANTD_LOCALES = { en: enUS, 'zh-cn': zhCN, 'zh-tw': zhTW } as const;

function MessageBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => registerMessageApi(message), [message]);
  return null;
}

function Providers({ children }: { children: ReactNode }) {
  const { lang } = useI18n();
  const theme = useTheme();
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[lang]}
      theme={{ algorithm: theme.dark ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm, token: { colorPrimary: theme.color, colorLink: theme.color } }}
    >
      <AntApp>
        <MessageBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

applyCssVars(getTheme());
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
