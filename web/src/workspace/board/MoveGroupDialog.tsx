/**
 * Move a group to another of the caller's desktops (`groupToDesktop`; the default desktop takes it
 * off every own desktop). The board shows the move at once and puts it back if the server refuses.
 */
import { useState } from 'react';
import { Modal, Radio, Space, Typography } from 'antd';
import { useI18n } from '../../i18n';
import type { MyGroup } from './board-api';
import { desktopOf, type DesktopItem } from './desktop-order';
import { desktopName } from './desktop-name';
import { useAppApi } from '../../app/app-api';

interface Props {
  group: MyGroup;
  desktops: readonly DesktopItem[];
  onMove(groupId: number, desktopId: number): Promise<void>;
  onClose(): void;
}

export default function MoveGroupDialog({ group, desktops, onMove, onClose }: Props) {
  const { t } = useI18n();
  const { message } = useAppApi();
  const current = desktopOf(desktops, group.id);
  const [target, setTarget] = useState(current);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (target === current) return onClose();
    setBusy(true);
    try {
      await onMove(group.id, target);
      const d = desktops.find((x) => x.id === target);
      void message.success(t('wsBoard.move.moved', { desktop: d ? desktopName(d, t) : '' }));
      onClose();
    } catch {
      /* shown by the http client; the board put the group back */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('wsBoard.move.title', { name: group.name })}
      okText={t('wsBoard.move.ok')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'board-move-ok' }}
    >
      <Radio.Group value={target} onChange={(e) => setTarget(e.target.value as number)} data-testid="board-move-choices">
        <Space direction="vertical">
          {desktops.map((d) => (
            <Radio key={d.id} value={d.id}>
              <span data-testid={`board-move-${d.id}`}>{desktopName(d, t)}</span>
              {d.id === current && <Typography.Text type="secondary"> ({t('wsBoard.move.current')})</Typography.Text>}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </Modal>
  );
}
