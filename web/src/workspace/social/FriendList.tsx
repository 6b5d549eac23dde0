/**
 * "My friends": each with their remark (editable in place), a Chat button that opens the private
 * conversation, and a menu to block or remove them.
 */
import { Button, Card, Dropdown, Typography } from 'antd';
import { DeleteOutlined, MessageOutlined, MoreOutlined, StopOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { chatPath } from '../nav';
import type { FriendEntry } from './friend-rows';
import type { FriendActions } from './use-friend-actions';
import PersonLine from './PersonLine';

function Remark({ entry, actions }: { entry: FriendEntry; actions: FriendActions }) {
  const { t } = useI18n();
  return (
    <Typography.Text
      type="secondary"
      data-testid="friend-remark"
      editable={{
        text: entry.remark,
        maxLength: 255,
        tooltip: t('wsSocial.friends.editRemark'),
        triggerType: ['icon', 'text'],
        onChange: (v) => {
          if (v.trim() !== entry.remark) void actions.rename(entry.rowId, v);
        },
      }}
    >
      {entry.remark || t('wsSocial.friends.addRemark')}
    </Typography.Text>
  );
}

export default function FriendList({ list, actions }: { list: FriendEntry[]; actions: FriendActions }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <Card size="small" title={`${t('wsSocial.friends.sections.friends')} · ${list.length}`} data-testid="friends-list">
      {list.length === 0 && <div className="soc-empty">{t('wsSocial.friends.empty.friends')}</div>}
      {list.map((f) => (
        <PersonLine
          key={f.rowId}
          testId="friend-item"
          personId={f.personId}
          name={f.name}
          avatar={f.avatar}
          sub={<Remark entry={f} actions={actions} />}
          actions={
            <>
              <Button
                type="primary"
                size="small"
                icon={<MessageOutlined />}
                data-testid="friend-chat"
                onClick={() => navigate(chatPath({ toType: 0, toId: f.personId }))}
              >
                {t('wsSocial.friends.chat')}
              </Button>
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    { key: 'block', icon: <StopOutlined />, label: t('wsSocial.friends.block'), onClick: () => actions.block(f.rowId, f.name) },
                    {
                      key: 'remove',
                      danger: true,
                      icon: <DeleteOutlined />,
                      label: t('wsSocial.friends.remove'),
                      onClick: () => actions.remove(f.rowId, f.name),
                    },
                  ],
                }}
              >
                <Button
                  size="small"
                  icon={<MoreOutlined />}
                  loading={actions.busy === f.rowId}
                  aria-label={t('wsSocial.friends.more')}
                  data-testid="friend-more"
                />
              </Dropdown>
            </>
          }
        />
      ))}
    </Card>
  );
}
