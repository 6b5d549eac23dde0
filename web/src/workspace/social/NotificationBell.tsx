/**
 * The bell in the workspace's top bar: the unread count, and on click the newest notifications
 * (a popover on wide screens, a drawer on phones, below 000 §9's 768 px). Opening a notification
 * marks it read and goes where it points (notify-model.ts `notifyDestination`); a live one comes
 * with a toast that opens it too. The list is reloaded each time the panel opens, so marks made
 * on another device show.
 */
import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Grid, Popover, Spin } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { useAuth } from '../../app/auth';
import { getChat } from '../realtime';
import { notifyDestination, type NotifyRow } from './notify-model';
import { useNotifications, type Notifications } from './use-notifications';
import NotificationItem from './NotificationItem';
import './social.css';

// The phone's full-screen drawer loads when first opened.
const Drawer = lazy(() => import('antd/es/drawer'));

function MarkAll({ n }: { n: Notifications }) {
  const { t } = useI18n();
  return (
    <Button size="small" type="link" disabled={n.unread === 0} onClick={() => void n.markAll()} data-testid="notify-read-all">
      {t('wsSocial.bell.markAll')}
    </Button>
  );
}

/** The list; with its own head (title and "Mark all read") in the popover, the drawer's head in a drawer. */
function Panel({ n, onOpen, head }: { n: Notifications; onOpen: (row: NotifyRow) => void; head: boolean }) {
  const { t } = useI18n();
  return (
    <div className="soc-bell-panel" data-testid="notify-panel">
      {head && (
        <div className="soc-bell-head">
          <strong>{t('wsSocial.bell.title')}</strong>
          <MarkAll n={n} />
        </div>
      )}
      <div className="soc-bell-list">
        {n.loading && n.list.length === 0 && <Spin className="ws-spin" />}
        {!n.loading && n.list.length === 0 && (
          <div className="soc-empty" data-testid="notify-empty">
            {n.failed ? t('wsSocial.loadFailed') : t('wsSocial.bell.empty')}
          </div>
        )}
        {n.list.map((row) => (
          <NotificationItem key={row.id} row={row} onOpen={onOpen} />
        ))}
        {n.list.length < n.total && (
          <Button block type="text" size="small" onClick={() => void n.more()} data-testid="notify-more">
            {t('wsSocial.bell.more')}
          </Button>
        )}
      </div>
    </div>
  );
}

export default function NotificationBell() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const me = useAuth().user?.id ?? 0;
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  const [open, setOpen] = useState(false);

  const n = useNotifications((row) => openRow(row));

  function openRow(row: NotifyRow) {
    n.markRead(row);
    setOpen(false);
    const to = notifyDestination(row, me, getChat()?.conversations() ?? []);
    if (to) navigate(to);
  }

  const toggle = (next: boolean) => {
    setOpen(next);
    if (next) void n.reload();
  };

  const bell = (
    <Button
      type="text"
      className="soc-bell"
      aria-label={t('wsSocial.bell.title')}
      data-testid="notify-bell"
      onClick={phone ? () => toggle(true) : undefined}
      icon={
        <Badge count={n.unread} size="small" overflowCount={99} data-testid="notify-count">
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      }
    />
  );

  if (phone) {
    return (
      <>
        {bell}
        {open && (
          <Suspense fallback={null}>
            <Drawer
              open
              onClose={() => setOpen(false)}
              placement="right"
              width="100%"
              title={t('wsSocial.bell.title')}
              extra={<MarkAll n={n} />}
              styles={{ body: { padding: 12 } }}
            >
              <Panel n={n} onOpen={openRow} head={false} />
            </Drawer>
          </Suspense>
        )}
      </>
    );
  }
  return (
    <Popover open={open} onOpenChange={toggle} trigger="click" placement="bottomRight" arrow={false} content={<Panel n={n} onOpen={openRow} head />}>
      {bell}
    </Popover>
  );
}
