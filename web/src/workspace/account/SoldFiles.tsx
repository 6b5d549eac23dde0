/**
 * The files a listing of prompts and documents sells, as a form control: upload private files
 * (`private=1`: only their buyers may fetch them) and list them with name, size and remove.
 */
import { useRef } from 'react';
import { Button, List, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { formatSize } from '../../components/space';
import SpaceUpload from '../../components/space/SpaceUpload';
import { MAX_SOLD_FILES, type SoldFile } from './sells';

export interface SoldFilesProps {
  value?: SoldFile[];
  onChange?: (files: SoldFile[]) => void;
}

export default function SoldFiles({ value = [], onChange }: SoldFilesProps) {
  const { t } = useI18n();
  // Uploads finish one after another before the form passes the new value down: each adds to the latest list.
  const latest = useRef(value);
  latest.current = value;
  const change = (files: SoldFile[]) => {
    latest.current = files;
    onChange?.(files);
  };
  const add = (f: { id: number; name?: string | null; size?: number | null }) =>
    change([...latest.current.filter((x) => x.id !== f.id), { id: f.id, name: f.name ?? null, size: f.size ?? null }].slice(0, MAX_SOLD_FILES));
  const remove = (id: number) => change(latest.current.filter((x) => x.id !== id));
  const left = MAX_SOLD_FILES - value.length;
  return (
    <div className="acc-sold-files" data-testid="acc-goods-files">
      {value.length > 0 && (
        <List
          size="small"
          bordered
          dataSource={value}
          renderItem={(f) => (
            <List.Item
              data-testid="acc-goods-file"
              actions={[
                <Button
                  key="del"
                  type="text"
                  danger
                  size="small"
                  icon={<DeleteOutlined />}
                  onClick={() => remove(f.id)}
                  aria-label={t('wsAccount.sells.removeFile')}
                />,
              ]}
            >
              <Typography.Text ellipsis className="acc-file-name">
                {f.name ?? `#${f.id}`}
              </Typography.Text>
              {f.size !== null && (
                <Typography.Text type="secondary" className="acc-small">
                  {formatSize(f.size)}
                </Typography.Text>
              )}
            </List.Item>
          )}
        />
      )}
      {left > 0 && (
        <SpaceUpload private limit={Math.min(left, 9)} onUploaded={add}>
          <Button icon={<UploadOutlined />} data-testid="acc-goods-upload">
            {t('wsAccount.sells.filesUpload')}
          </Button>
        </SpaceUpload>
      )}
    </div>
  );
}
