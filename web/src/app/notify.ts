/**
 * Messages shown to the user (toasts). The full app (full-app.tsx) mounts antd's toasts (app-api.tsx) and registers
 * its message API here, so code outside React (the http client) can show a message with the current
 * theme. A page drawn without antd (the sign-in page a visitor opens first) shows them as light toasts
 * of its own (light-toast.ts); while the full app is on its way, messages wait for its toasts.
 */
import type { MessageInstance } from 'antd/es/message/interface';
import { lightToast } from './light-toast';

type Kind = 'error' | 'success' | 'info' | 'warning';

let api: MessageInstance | null = null;
let waitForApi = false;
const pending: Array<[kind: Kind, text: string]> = [];

/** Antd's message API from here on; returns the undo for when its provider unmounts. */
export function registerMessageApi(m: MessageInstance): () => void {
  api = m;
  for (const [kind, text] of pending.splice(0)) void api[kind](text);
  return () => {
    if (api === m) api = null;
  };
}

/** The full app is loading: messages from now until it registers its toasts wait for them. */
export function expectMessageApi(): void {
  waitForApi = true;
}

export function notify(kind: Kind, text: string): void {
  if (!text) return;
  if (api) void api[kind](text);
  else if (waitForApi || typeof document === 'undefined') pending.push([kind, text]);
  else lightToast(kind, text);
}
