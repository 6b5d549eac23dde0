/**
 * The app's toasts and dialogs, in place of antd's App (full-app.tsx mounts it inside antd's
 * ConfigProvider): `useAppApi()` gives antd's `message` and `notification` (drawn with the theme) and
 * `modal` (confirm, info, success, error, warning). antd's App loads its dialog code (rc-dialog, the
 * confirm dialog) with every page; here it comes with the first dialog opened (modal-host.tsx), and
 * the calls made meanwhile run when it has come.
 * The root element carries the text colour, size, line height and font of the theme, as antd's App's.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { theme as antTheme } from 'antd';
import useMessage from 'antd/es/message/useMessage';
import useNotification from 'antd/es/notification/useNotification';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { MessageInstance } from 'antd/es/message/interface';
import type { ModalFuncProps } from 'antd/es/modal/interface';
import type { HookAPI } from 'antd/es/modal/useModal';

type ModalKind = 'confirm' | 'info' | 'success' | 'error' | 'warning';
export type ModalApi = Record<ModalKind, (config: ModalFuncProps) => void>;
export interface AppApi {
  message: MessageInstance;
  notification: NotificationInstance;
  modal: ModalApi;
}

/**
 * Notifications start below the top bars (the workspace's and the console's are 56 px): one never
 * covers the bell it announces or anything else in the bar, on a phone least of all.
 */
const NOTIFICATIONS = { top: 64 } as const;

const AppApiContext = createContext<AppApi | null>(null);
const ModalHost = lazy(() => import('./modal-host'));
const KINDS: readonly ModalKind[] = ['confirm', 'info', 'success', 'error', 'warning'];

export function AppProvider({ children }: { children: ReactNode }) {
  const [message, messageHolder] = useMessage();
  const [notification, notificationHolder] = useNotification(NOTIFICATIONS);
  const host = useRef<HookAPI | null>(null);
  const waiting = useRef<Array<(api: HookAPI) => void>>([]);
  const [hostWanted, setHostWanted] = useState(false);
  const modal = useMemo(() => {
    const api = {} as ModalApi;
    for (const kind of KINDS) {
      api[kind] = (config) => {
        if (host.current) void host.current[kind](config);
        else {
          waiting.current.push((h) => void h[kind](config));
          setHostWanted(true);
        }
      };
    }
    return api;
  }, []);
  const hostReady = useCallback((api: HookAPI) => {
    host.current = api;
    for (const run of waiting.current.splice(0)) run(api);
  }, []);
  const value = useMemo(() => ({ message, notification, modal }), [message, notification, modal]);
  const { token } = antTheme.useToken();
  return (
    <AppApiContext.Provider value={value}>
      <div className="app-root" style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>
        {hostWanted && (
          <Suspense fallback={null}>
            <ModalHost onReady={hostReady} />
          </Suspense>
        )}
        {messageHolder}
        {notificationHolder}
        {children}
      </div>
    </AppApiContext.Provider>
  );
}

/** `const { message, modal } = useAppApi()`, under AppProvider. */
export function useAppApi(): AppApi {
  const api = useContext(AppApiContext);
  if (!api) throw new Error('useAppApi is used outside AppProvider');
  return api;
}
