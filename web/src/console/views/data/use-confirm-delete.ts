import { App } from 'antd';
import { useI18n } from '../../../i18n';
import { deleteRows } from './entity';

/** `confirmDelete(prefix, ids, reload)`: asks 000 §8's question, then deletes and reloads. */
export function useConfirmDelete(): (prefix: string, ids: number[], after: () => void) => void {
  const { modal } = App.useApp();
  const { t } = useI18n();
  return (prefix, ids, after) => {
    modal.confirm({
      title: t('common.tip'),
      content: t('common.confirmDeleteSelected'),
      onOk: () => deleteRows(prefix, ids, t('common.deleteSuccess')).then(after),
    });
  };
}
