/**
 * A form field holding one file url: upload a file, or choose one from the space picker. Works as
 * an antd Form control (`value` / `onChange`), e.g. a parameter's file or a user's avatar. It shows
 * the file's name (and a thumbnail for an image); the address stays in the link.
 */
import { CloseOutlined, FolderOpenOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Typography, theme } from 'antd';
import { useState } from 'react';
import { useI18n } from '../../i18n';
import { fileLabel } from './file-label';
import { KindIcon, kindOf, type FileKind } from './file-kind';
import SpacePicker from './SpacePicker';
import SpaceUpload from './SpaceUpload';
import '../../i18n/console-texts';

export interface FileInputProps {
  value?: string | null;
  onChange?: (url: string) => void;
  /** Only this kind of file, e.g. 'image'. */
  kind?: FileKind;
  disabled?: boolean;
  /** Uploads limited to this many KB (small images such as avatars). */
  maxKb?: number;
}

export default function FileInput({ value, onChange, kind, disabled, maxKb }: FileInputProps) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const [picking, setPicking] = useState(false);
  // The name of the file last chosen or uploaded here, by its address (the form keeps only the address).
  const [named, setNamed] = useState<{ url: string; name: string } | null>(null);
  const url = value ?? '';
  const take = (fileUrl: string | null | undefined, name: string | null | undefined) => {
    if (!fileUrl) return;
    setNamed({ url: fileUrl, name: name ?? '' });
    onChange?.(fileUrl);
  };
  const isImage = url !== '' && kindOf(url) === 'image';
  return (
    <div data-testid="file-input">
      {url ? (
        <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 8 }}>
          <div
            style={{
              width: 64,
              height: 64,
              flexShrink: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              background: token.colorFillQuaternary,
              borderRadius: token.borderRadius,
              overflow: 'hidden',
            }}
          >
            {isImage ? <img src={url} alt="" style={{ width: 64, height: 64, objectFit: 'cover' }} /> : <KindIcon kind={kindOf(url)} size={32} />}
          </div>
          <Typography.Link href={url} target="_blank" rel="noreferrer" ellipsis title={url} style={{ flex: 1, minWidth: 0 }} data-testid="file-input-name">
            {fileLabel(url, named?.url === url ? named.name : null)}
          </Typography.Link>
          {disabled ? null : (
            <Button size="small" type="text" icon={<CloseOutlined />} onClick={() => onChange?.('')} aria-label={t('viewsData.space.clear')} />
          )}
        </div>
      ) : null}
      {disabled ? null : (
        <Space wrap>
          <SpaceUpload limit={1} multiple={false} maxKb={maxKb} accept={kind === 'image' ? 'image/*' : undefined} onUploaded={(f) => take(f.url, f.name)}>
            <Button icon={<UploadOutlined />}>{t('viewsData.space.upload')}</Button>
          </SpaceUpload>
          <Button icon={<FolderOpenOutlined />} onClick={() => setPicking(true)}>
            {t('viewsData.space.chooseFromSpace')}
          </Button>
        </Space>
      )}
      <SpacePicker
        open={picking}
        limit={1}
        kind={kind}
        onCancel={() => setPicking(false)}
        onOk={(urls, files) => {
          setPicking(false);
          take(urls[0], files[0]?.name);
        }}
      />
    </div>
  );
}
