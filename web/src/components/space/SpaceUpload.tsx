/**
 * Upload to the file space with the limits of 000 §5/§9: at most `limit` files at once (default 9),
 * each at most `maxMb` MB (default 100), or `maxKb` KB for small images such as avatars; each file shows its progress and, once stored, is a file of
 * the space (the server adds the space/info row) handed to `onUploaded`.
 */
import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload, type UploadFile, type UploadProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { notify } from '../../app/notify';
import { useI18n } from '../../i18n';
import { UPLOAD_LIMITS, uploadFile, uploadRefusal, type FileScope, type SpaceFile } from './upload';
import '../../i18n/console-texts';

export interface SpaceUploadProps {
  classifyId?: number | null;
  /** Upload private files (fetched only through space/info/fileUrl). */
  private?: boolean;
  /** Share the private files with a scope (implies private). */
  scope?: FileScope;
  limit?: number;
  maxMb?: number;
  /** A limit in KB instead ('File cannot be larger than 100k', 000 §5). */
  maxKb?: number;
  accept?: string;
  multiple?: boolean;
  /** Each stored file, with the browser's file it came from. */
  onUploaded?: (file: SpaceFile, original: File) => void;
  /** The trigger; a default upload button when absent. */
  children?: ReactNode;
}

export default function SpaceUpload({
  classifyId,
  private: isPrivate = false,
  scope,
  limit = UPLOAD_LIMITS.maxFiles,
  maxMb = UPLOAD_LIMITS.maxMb,
  maxKb,
  accept,
  multiple = true,
  onUploaded,
  children,
}: SpaceUploadProps) {
  const { t } = useI18n();
  const [list, setList] = useState<UploadFile[]>([]);

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    const busy = list.filter((f) => f.status === 'uploading').length;
    const refusal = uploadRefusal(file.size, batch.length, busy, { limit, maxMb, maxKb });
    if (!refusal) return true;
    if (refusal.key !== 'tooManyUpload' || file === batch[0]) notify('warning', t(`viewsData.space.${refusal.key}`, { n: refusal.n }));
    return Upload.LIST_IGNORE;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    uploadFile(file as File, { classifyId, private: isPrivate, scope, onProgress: (percent) => onProgress?.({ percent }) }).then(
      (row) => {
        onSuccess?.(row);
        onUploaded?.(row, file as File);
      },
      (e: Error) => {
        notify('error', e.message || t('common.uploadFailed'));
        onError?.(e);
      },
    );
  };

  const onChange: UploadProps['onChange'] = ({ fileList }) => {
    setList(fileList);
    // Stored files leave the list shortly after: they now show in the space itself.
    if (fileList.some((f) => f.status === 'done')) {
      window.setTimeout(() => setList((l) => l.filter((f) => f.status !== 'done')), 1200);
    }
  };

  return (
    <Upload
      accept={accept}
      multiple={multiple}
      fileList={list}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      onChange={onChange}
      showUploadList={{ showRemoveIcon: true }}
    >
      {children ?? (
        <Button type="primary" icon={<UploadOutlined />} data-testid="space-upload">
          {t('viewsData.space.upload')}
        </Button>
      )}
    </Upload>
  );
}
