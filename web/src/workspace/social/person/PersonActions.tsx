/**
 * A signed-in visitor's buttons on someone else's person page: "Add friend" (or what they already
 * are to each other; "Accept" when that person asked first) and "Chat". On one's own page: a link
 * to the personal center.
 */
import { Button } from 'antd';
import { CheckOutlined, EditOutlined, MessageOutlined, UserAddOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useI18n } from '../../../i18n';
import { chatPath } from '../../nav';
import { canRequest, relationTo } from '../friend-rows';
import { useFriends } from '../use-friends';
import { useFriendActions } from '../use-friend-actions';

export default function PersonActions({ personId }: { personId: number }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const friends = useFriends();
  const actions = useFriendActions(friends.reload);
  const rel = relationTo(personId, friends.me, friends.sections);

  if (rel === 'self') {
    return (
      <Button icon={<EditOutlined />} onClick={() => navigate('/my/info')} data-testid="person-edit">
        {t('wsSocial.person.editProfile')}
      </Button>
    );
  }
  return (
    <>
      {canRequest(rel) ? (
        <Button
          type="primary"
          icon={<UserAddOutlined />}
          loading={actions.busy === personId || friends.loading}
          onClick={() => void actions.request(personId)}
          data-testid="person-add-friend"
        >
          {rel === 'incoming' ? t('wsSocial.friends.accept') : t('wsSocial.friends.add')}
        </Button>
      ) : (
        <Button disabled icon={rel === 'friend' ? <CheckOutlined /> : undefined} data-testid="person-relation" data-relation={rel}>
          {t(`wsSocial.friends.status.${rel === 'sent' ? 'pending' : rel}`)}
        </Button>
      )}
      <Button icon={<MessageOutlined />} onClick={() => navigate(chatPath({ toType: 0, toId: personId }))} data-testid="person-chat">
        {t('wsSocial.friends.chat')}
      </Button>
    </>
  );
}
