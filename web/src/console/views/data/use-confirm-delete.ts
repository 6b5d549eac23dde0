import { useI18n } from '../../../i18n';
import { deleteRows, type EntityMeta } from './entity';
import { useAppApi } from '../../../app/app-api';

/** `confirmDelete(meta, ids, reload)`: asks 000 §8's question, then deletes and reloads. */
export function useConfirmDelete(): (meta: EntityMeta, ids: number[], after: () => void) => void {
  const { modal } = useAppApi();
  const { t } = useI18n();
  return (meta, ids, after) => {
    modal.confirm({
      title: t('common.tip'),
      content: t('common.confirmDeleteSelected'),
      onOk: () => deleteRows(meta, ids, t('common.deleteSuccess')).then(after),
    });
  };
}
