/**
 * Messages shown to the user (toasts). The app mounts antd's <App> and registers its message API
 * here, so code outside React (the http client) can show a message with the current theme.
 */
import type { MessageInstance } from 'antd/es/message/interface';

let api: MessageInstance | null = null;
const pending: Array<[kind: 'error' | 'success' | 'info' | 'warning', text: string]> = [];

export function registerMessageApi(m: MessageInstance): void {
  api = m;
  for (const [kind, text] of pending.splice(0)) void api[kind](text);
}

export function notify(kind: 'error' | 'success' | 'info' | 'warning', text: string): void {
  if (!text) return;
  if (api) void api[kind](text);
  else pending.push([kind, text]);
}
