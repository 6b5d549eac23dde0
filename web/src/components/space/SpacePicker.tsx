/**
 * The file space picker (000 §2): a dialog showing the space in which up to `limit` files are chosen
 * (more gives 'Up to {n} files can be selected'); OK hands back their urls.
 */
import { Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useI18n } from '../../i18n';
import type { FileKind } from './file-kind';
import SpaceBrowser from './SpaceBrowser';
import type { SpaceFile } from './upload';
import '../../i18n/console-texts';

export interface SpacePickerProps {
  open: boolean;
  limit?: number;
  kind?: FileKind;
  onOk: (urls: string[], files: SpaceFile[]) => void;
  onCancel: () => void;
}

export default function SpacePicker({ open, limit = 1, kind, onOk, onCancel }: SpacePickerProps) {
  const { t } = useI18n();
  const [chosen, setChosen] = useState<SpaceFile[]>([]);
  useEffect(() => {
    if (open) setChosen([]);
  }, [open]);
  return (
    <Modal
      open={open}
      title={t('viewsData.space.pickerTitle')}
      width={1000}
      destroyOnHidden
      onCancel={onCancel}
      okButtonProps={{ disabled: chosen.length === 0, 'data-testid': 'space-picker-ok' }}
      onOk={() =>
        onOk(
          chosen.map((f) => f.url ?? ''),
          chosen,
        )
      }
      footer={(_, { OkBtn, CancelBtn }) => (
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Typography.Text type="secondary" style={{ flex: 1, textAlign: 'left' }}>
            {t('viewsData.space.selectedCount', { n: chosen.length, limit })}
          </Typography.Text>
          <CancelBtn />
          <OkBtn />
        </div>
      )}
    >
      <SpaceBrowser kind={kind} gridHeight="55vh" selection={{ limit, value: chosen, onChange: setChosen }} />
    </Modal>
  );
}
