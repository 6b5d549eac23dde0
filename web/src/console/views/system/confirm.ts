/** An antd confirm whose action's failure only leaves the dialog (the client already showed the server's message). */
import type { HookAPI } from 'antd/es/modal/useModal';
import { i18n } from '../../../i18n';

export function confirmThen(modal: HookAPI, content: string, action: () => Promise<unknown>, danger = false): void {
  modal.confirm({
    title: i18n.t('common.tip'),
    content,
    okButtonProps: danger ? { danger: true } : undefined,
    onOk: () => action().catch(() => undefined),
  });
}
