/** The generic table's toolbar items, each built only when its handler is given (the caller may use it). */
import { Button, Input } from 'antd';
import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { TFunction } from '../../i18n';
import type { ToolbarItems } from './crud-slots';

type Handler = (() => void) | null;

export interface ToolbarInput {
  t: TFunction;
  keyword: { placeholder: string; onSearch: (v: string) => void } | null;
  onAdd: Handler;
  onImport: Handler;
  onExport: Handler;
  onDelete: Handler;
  selectedCount: number;
}

export function toolbarItems({ t, keyword, onAdd, onImport, onExport, onDelete, selectedCount }: ToolbarInput): ToolbarItems {
  return {
    keyword: keyword ? (
      <Input.Search
        key="keyword"
        data-testid="crud-keyword"
        allowClear
        placeholder={keyword.placeholder}
        style={{ width: 240 }}
        onSearch={(v) => keyword.onSearch(v.trim())}
      />
    ) : undefined,
    add: onAdd ? (
      <Button key="add" type="primary" icon={<PlusOutlined />} data-testid="crud-add" onClick={onAdd}>
        {t('common.add')}
      </Button>
    ) : undefined,
    import: onImport ? (
      <Button key="import" icon={<UploadOutlined />} data-testid="crud-import" onClick={onImport}>
        {t('crud.import')}
      </Button>
    ) : undefined,
    export: onExport ? (
      <Button key="export" icon={<DownloadOutlined />} data-testid="crud-export" onClick={onExport}>
        {t('crud.export')}
      </Button>
    ) : undefined,
    delete: onDelete ? (
      <Button key="delete" danger icon={<DeleteOutlined />} data-testid="crud-delete-selected" disabled={!selectedCount} onClick={onDelete}>
        {selectedCount ? `${t('common.delete')} (${selectedCount})` : t('common.delete')}
      </Button>
    ) : undefined,
  };
}
