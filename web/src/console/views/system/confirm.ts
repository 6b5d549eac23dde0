/** An antd confirm whose action's failure only leaves the dialog (the client already showed the server's message). */
import type { ModalApi } from '../../../app/app-api';
import { i18n } from '../../../i18n';

export function confirmThen(modal: ModalApi, content: string, action: () => Promise<unknown>, danger = false): void {
  modal.confirm({
    title: i18n.t('common.tip'),
    content,
    okButtonProps: danger ? { danger: true } : undefined,
    onOk: () => action().catch(() => undefined),
  });
}
