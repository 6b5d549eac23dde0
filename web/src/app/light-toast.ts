/**
 * Toasts for a page drawn without antd (notify.ts): the same place and look as antd's messages (below
 * the 56 px bars, centred, a card with a coloured mark), gone after three seconds. An error is read out
 * at once by screen readers, the others when the reader is free.
 */
const MARKS = { error: '!', warning: '!', success: '✓', info: 'i' } as const;
const SHOW_MS = 3000;
const LEAVE_MS = 200;

export function lightToast(kind: keyof typeof MARKS, text: string): void {
  let host = document.getElementById('light-toasts');
  if (!host) {
    host = document.createElement('div');
    host.id = 'light-toasts';
    host.className = 'light-toasts';
    document.body.appendChild(host);
  }
  const toast = document.createElement('div');
  toast.className = `light-toast light-toast-${kind}`;
  toast.dataset.testid = `toast-${kind}`;
  toast.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  const mark = document.createElement('span');
  mark.className = 'light-toast-mark';
  mark.setAttribute('aria-hidden', 'true');
  mark.textContent = MARKS[kind];
  const words = document.createElement('span');
  words.textContent = text;
  toast.append(mark, words);
  host.appendChild(toast);
  window.setTimeout(() => {
    toast.classList.add('light-toast-leave');
    window.setTimeout(() => toast.remove(), LEAVE_MS);
  }, SHOW_MS);
}
