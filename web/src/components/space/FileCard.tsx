/** One file of the space: a 120 px preview (the image itself, or its kind's icon), name and actions. */
import { CheckCircleFilled, CopyOutlined, DeleteOutlined, ExportOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Tooltip, Typography, theme } from 'antd';
import { useState } from 'react';
import { useI18n } from '../../i18n';
import { KindIcon, formatSize, kindOf, type FileKind } from './file-kind';
import { UPLOAD_LIMITS, type SpaceFile } from './upload';
import { isTextPreviewable } from './text-preview';
import TextPreview from './TextPreview';
import '../../i18n/console-texts';

export interface FileCardProps {
  file: SpaceFile;
  selected?: boolean;
  onClick?: () => void;
  onCopy?: () => void;
  onDelete?: () => void;
}

const SIZE = UPLOAD_LIMITS.previewSize;

function kindFor(file: SpaceFile): FileKind {
  const stored = file.type as FileKind | null | undefined;
  return stored && stored !== 'other' ? stored : kindOf(file.name || file.url || '');
}

export default function FileCard({ file, selected, onClick, onCopy, onDelete }: FileCardProps) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const kind = kindFor(file);
  const [previewing, setPreviewing] = useState(false);
  const previewable = !!file.url && isTextPreviewable(file.name || file.url);
  return (
    <div
      data-testid="space-file"
      style={{
        width: SIZE + 18,
        padding: 8,
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${selected ? token.colorPrimary : token.colorBorderSecondary}`,
        background: selected ? token.colorPrimaryBg : token.colorBgContainer,
        cursor: onClick ? 'pointer' : 'default',
        position: 'relative',
      }}
      onClick={onClick}
    >
      {selected ? <CheckCircleFilled style={{ position: 'absolute', top: 4, right: 4, color: token.colorPrimary, fontSize: 18, zIndex: 1 }} /> : null}
      <div
        style={{
          width: SIZE,
          height: SIZE,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: token.colorFillQuaternary,
          borderRadius: token.borderRadius,
          overflow: 'hidden',
        }}
      >
        {kind === 'image' ? (
          <img src={file.url} alt={file.name ?? ''} loading="lazy" style={{ width: SIZE, height: SIZE, objectFit: 'cover' }} />
        ) : (
          <KindIcon kind={kind} size={48} />
        )}
      </div>
      <Typography.Text ellipsis={{ tooltip: file.name }} style={{ display: 'block', marginTop: 6, fontSize: 12 }}>
        {file.name || file.url}
      </Typography.Text>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary" style={{ fontSize: 11 }}>
          {formatSize(file.size)}
        </Typography.Text>
        <span onClick={(e) => e.stopPropagation()}>
          {previewable ? (
            <Tooltip title={t('viewsData.space.preview')}>
              <Button size="small" type="text" icon={<EyeOutlined />} onClick={() => setPreviewing(true)} data-testid="space-preview" />
            </Tooltip>
          ) : null}
          <Tooltip title={t('viewsData.space.open')}>
            <Button size="small" type="text" icon={<ExportOutlined />} href={file.url} target="_blank" rel="noreferrer" />
          </Tooltip>
          {onCopy ? (
            <Tooltip title={t('viewsData.space.copyUrl')}>
              <Button size="small" type="text" icon={<CopyOutlined />} onClick={onCopy} data-testid="space-copy" />
            </Tooltip>
          ) : null}
          {onDelete ? (
            <Tooltip title={t('common.delete')}>
              <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={onDelete} data-testid="space-delete" />
            </Tooltip>
          ) : null}
        </span>
      </div>
      {previewing && file.url ? (
        <span onClick={(e) => e.stopPropagation()}>
          <TextPreview url={file.url} name={file.name || file.url} onClose={() => setPreviewing(false)} />
        </span>
      ) : null}
    </div>
  );
}
