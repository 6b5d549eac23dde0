/**
 * Every page but a signed-out sign-in under Ant Design's providers: its theme (the colour and dark
 * mode of theme.ts), its texts in the page's language, its toasts and dialogs (app-api.tsx; code outside React reaches the toasts through notify.ts) and the
 * router's pages (router.tsx). A chunk of its own, loaded by the entry (main.tsx) for the first page
 * that needs it; the sign-in page a visitor opens first is drawn without it.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { ConfigProvider, theme as antTheme } from 'antd';
import { AppProvider, useAppApi } from './app-api';
import enUS from 'antd/locale/en_US';
import type { Locale } from 'antd/es/locale';
import { currentLang, useI18n, type Lang } from '../i18n';
import { useTheme } from './theme';
import { registerMessageApi } from './notify';
import { Pages } from './router';
import { SiteIdentity } from './use-site';
import { useReducedMotion } from './motion';

/**
 * Ant Design's own texts (pagination, pickers, empty states) per language. English comes with the
 * app; the Chinese ones are fetched when first needed (before the first render for a member whose
 * saved language is Chinese), so an English page does not download them.
 */
const ANTD_LOCALES: Partial<Record<Lang, Locale>> = { en: enUS };
const ANTD_LOADERS: Record<Exclude<Lang, 'en'>, () => Promise<{ default: Locale }>> = {
  'zh-cn': () => import('antd/locale/zh_CN'),
  'zh-tw': () => import('antd/locale/zh_TW'),
};

async function antdLocale(lang: Lang): Promise<Locale> {
  const have = ANTD_LOCALES[lang];
  if (have) return have;
  try {
    const loaded = (await ANTD_LOADERS[lang as Exclude<Lang, 'en'>]()).default;
    ANTD_LOCALES[lang] = loaded;
    return loaded;
  } catch {
    // Offline or a stale deployment: the components keep English texts rather than fail the page.
    return enUS;
  }
}

/** The Ant Design texts of the chosen language; English until a newly chosen one has arrived. */
function useAntdLocale(lang: Lang): Locale {
  const [locale, setLocale] = useState<Locale>(() => ANTD_LOCALES[lang] ?? enUS);
  useEffect(() => {
    let live = true;
    void antdLocale(lang).then((l) => live && setLocale(l));
    return () => {
      live = false;
    };
  }, [lang]);
  return locale;
}

function MessageBridge() {
  const { message } = useAppApi();
  useEffect(() => registerMessageApi(message), [message]);
  return null;
}

function Providers({ children }: { children: ReactNode }) {
  const { lang } = useI18n();
  const locale = useAntdLocale(lang);
  const theme = useTheme();
  const calm = useReducedMotion();
  return (
    <ConfigProvider
      locale={locale}
      theme={{
        algorithm: theme.dark ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
        token: { colorPrimary: theme.color, colorLink: theme.color, motion: !calm },
      }}
      // The click wave of buttons is a motion of its own, not switched off with the token's.
      wave={{ disabled: calm }}
    >
      <AppProvider>
        <MessageBridge />
        <SiteIdentity />
        {children}
      </AppProvider>
    </ConfigProvider>
  );
}

/** Resolves once the texts of the saved language are here: a Chinese page draws no English first. */
export async function ready(): Promise<void> {
  await antdLocale(currentLang());
}

export default function FullApp() {
  return (
    <Providers>
      <Pages />
    </Providers>
  );
}
