/**
 * `/workbench?tab=friends`: find people, my friends, requests to me, requests I sent and the
 * people I block. The lists reload live when a friend request or an acceptance arrives
 * (use-friends.ts). Requests to me come first when there are any, since they wait for an answer.
 */
import { Alert, Button, Spin } from 'antd';
import { useI18n } from '../../i18n';
import { useFriends } from './use-friends';
import { useFriendActions } from './use-friend-actions';
import FriendSearch from './FriendSearch';
import FriendList from './FriendList';
import { BlockedPeople, IncomingRequests, SentRequests } from './FriendRequests';
import './social.css';

export default function FriendsView() {
  const { t } = useI18n();
  const friends = useFriends();
  const actions = useFriendActions(friends.reload);
  const { sections } = friends;
  const first = friends.loading && !sections.friends.length && !sections.incoming.length && !sections.sent.length && !sections.blocked.length;

  return (
    <div className="soc-page" data-testid="friends-view">
      <FriendSearch me={friends.me} sections={sections} actions={actions} />
      {friends.failed && (
        <Alert
          type="error"
          showIcon
          message={t('wsSocial.loadFailed')}
          action={
            <Button size="small" onClick={() => void friends.reload()}>
              {t('wsSocial.retry')}
            </Button>
          }
        />
      )}
      {first ? (
        <Spin className="ws-spin" />
      ) : (
        <>
          {sections.incoming.length > 0 && <IncomingRequests list={sections.incoming} actions={actions} />}
          <FriendList list={sections.friends} actions={actions} />
          {sections.incoming.length === 0 && <IncomingRequests list={sections.incoming} actions={actions} />}
          <SentRequests list={sections.sent} actions={actions} />
          <BlockedPeople list={sections.blocked} actions={actions} />
        </>
      )}
    </div>
  );
}
