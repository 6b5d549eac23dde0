/** One notification in the bell's list: its type icon, title, content, time and read state. */
import {
  CheckCircleOutlined,
  CrownOutlined,
  LoginOutlined,
  LogoutOutlined,
  NotificationOutlined,
  RollbackOutlined,
  ShopOutlined,
  ShoppingOutlined,
  SoundOutlined,
  UserAddOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Tooltip } from 'antd';
import { useI18n } from '../../i18n';
import { ago } from './profile';
import { NOTIFY_TYPE, type NotifyRow } from './notify-model';

const ICONS: Record<number, ReactNode> = {
  [NOTIFY_TYPE.system]: <NotificationOutlined />,
  [NOTIFY_TYPE.mention]: <span className="soc-at">@</span>,
  [NOTIFY_TYPE.friendRequest]: <UserAddOutlined />,
  [NOTIFY_TYPE.friendAccepted]: <CheckCircleOutlined />,
  [NOTIFY_TYPE.teamNotice]: <SoundOutlined />,
  [NOTIFY_TYPE.groupJoin]: <LoginOutlined />,
  [NOTIFY_TYPE.groupLeave]: <LogoutOutlined />,
  [NOTIFY_TYPE.teamRole]: <CrownOutlined />,
  [NOTIFY_TYPE.orderPaid]: <ShoppingOutlined />,
  [NOTIFY_TYPE.goodsSold]: <ShopOutlined />,
  [NOTIFY_TYPE.orderRefunded]: <RollbackOutlined />,
  [NOTIFY_TYPE.saleRefunded]: <RollbackOutlined />,
  [NOTIFY_TYPE.payoutPaid]: <WalletOutlined />,
  [NOTIFY_TYPE.payoutRejected]: <RollbackOutlined />,
};

/** "5 min ago", or the date beyond a week. */
export function useWhen(): (iso: string | null | undefined) => string {
  const { t, lang } = useI18n();
  return (iso) => {
    const a = ago(iso, Date.now());
    if (a.unit === 'now') return t('wsSocial.time.now');
    if (a.unit === 'date') return iso ? new Date(iso).toLocaleDateString(lang) : '';
    return t(`wsSocial.time.${a.unit}`, { count: a.count });
  };
}

export default function NotificationItem({ row, onOpen }: { row: NotifyRow; onOpen: (row: NotifyRow) => void }) {
  const { t } = useI18n();
  const when = useWhen();
  const type = Number(row.type ?? 0);
  const unread = Number(row.status ?? 0) === 0;
  return (
    <button
      type="button"
      className={unread ? 'soc-note soc-note-unread' : 'soc-note'}
      data-testid="notify-item"
      data-id={row.id}
      data-order={row.orderNo ?? undefined}
      data-read={unread ? '0' : '1'}
      onClick={() => onOpen(row)}
    >
      <Tooltip title={t(`wsSocial.notifyType.t${type in ICONS ? type : 0}`)}>
        <span className="soc-note-icon">{ICONS[type] ?? ICONS[0]}</span>
      </Tooltip>
      <span className="soc-note-body">
        <span className="soc-note-title">
          <span>{row.title || t(`wsSocial.notifyType.t${type in ICONS ? type : 0}`)}</span>
          {unread && <span className="soc-note-dot" aria-label={t('wsSocial.bell.unread')} />}
        </span>
        {row.content && <span className="soc-note-content">{row.content}</span>}
        <span className="soc-note-time" title={row.createTime ? new Date(row.createTime).toLocaleString() : undefined}>
          {when(row.createTime)}
        </span>
      </span>
    </button>
  );
}
