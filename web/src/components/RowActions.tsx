/**
 * The edit and delete links of a table row (test ids crud-row-edit / crud-row-delete), after any
 * extra actions given as children. Pass a handler only when the caller may use the action.
 */
import type { ReactNode } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useI18n } from '../i18n';

export interface RowActionsProps {
  onEdit?: () => void;
  onDelete?: () => void;
  /** Icons with tooltips instead of text links (narrow tables). */
  iconsOnly?: boolean;
  /** With icons, as in most screens; off for plain text links. */
  icons?: boolean;
  children?: ReactNode;
}

export default function RowActions({ onEdit, onDelete, iconsOnly = false, icons = true, children }: RowActionsProps) {
  const { t } = useI18n();
  const link = (kind: 'edit' | 'delete', onClick: () => void) => {
    const label = t(`common.${kind}`);
    const icon = icons || iconsOnly ? kind === 'edit' ? <EditOutlined /> : <DeleteOutlined /> : undefined;
    const button = (
      <Button
        type="link"
        size="small"
        danger={kind === 'delete'}
        icon={icon}
        aria-label={iconsOnly ? label : undefined}
        data-testid={`crud-row-${kind}`}
        onClick={onClick}
      >
        {iconsOnly ? null : label}
      </Button>
    );
    return iconsOnly ? <Tooltip title={label}>{button}</Tooltip> : button;
  };
  return (
    <Space size={0}>
      {children}
      {onEdit ? link('edit', onEdit) : null}
      {onDelete ? link('delete', onDelete) : null}
    </Space>
  );
}
