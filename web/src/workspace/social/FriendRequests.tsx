/**
 * The three smaller sections of the friends screen: requests to me (accept, refuse, block),
 * requests I sent (waiting or refused; withdraw) and the people I block (unblock).
 */
import { Button, Card, Tag } from 'antd';
import { useI18n } from '../../i18n';
import { FRIEND, type FriendEntry } from './friend-rows';
import type { FriendActions } from './use-friend-actions';
import PersonLine from './PersonLine';

interface Props {
  list: FriendEntry[];
  actions: FriendActions;
}

function Section({ kind, list, children }: { kind: 'incoming' | 'sent' | 'blocked'; list: FriendEntry[]; children: (e: FriendEntry) => JSX.Element }) {
  const { t } = useI18n();
  return (
    <Card size="small" title={`${t(`wsSocial.friends.sections.${kind}`)} · ${list.length}`} data-testid={`friends-${kind}`}>
      {list.length === 0 ? <div className="soc-empty">{t(`wsSocial.friends.empty.${kind}`)}</div> : list.map(children)}
    </Card>
  );
}

export function IncomingRequests({ list, actions }: Props) {
  const { t } = useI18n();
  return (
    <Section kind="incoming" list={list}>
      {(e) => (
        <PersonLine
          key={e.rowId}
          testId="friend-request"
          personId={e.personId}
          name={e.name}
          avatar={e.avatar}
          sub={t('wsSocial.friends.wantsToBeFriends')}
          actions={
            <>
              <Button
                type="primary"
                size="small"
                loading={actions.busy === e.rowId}
                data-testid="friend-accept"
                onClick={() => void actions.answer(e.rowId, 1)}
              >
                {t('wsSocial.friends.accept')}
              </Button>
              <Button size="small" disabled={actions.busy === e.rowId} data-testid="friend-refuse" onClick={() => void actions.answer(e.rowId, 2)}>
                {t('wsSocial.friends.refuse')}
              </Button>
              <Button size="small" danger disabled={actions.busy === e.rowId} data-testid="friend-block" onClick={() => actions.block(e.rowId, e.name)}>
                {t('wsSocial.friends.block')}
              </Button>
            </>
          }
        />
      )}
    </Section>
  );
}

export function SentRequests({ list, actions }: Props) {
  const { t } = useI18n();
  return (
    <Section kind="sent" list={list}>
      {(e) => (
        <PersonLine
          key={e.rowId}
          testId="friend-sent"
          personId={e.personId}
          name={e.name}
          avatar={e.avatar}
          sub={
            e.status === FRIEND.refused ? (
              <Tag color="default">{t('wsSocial.friends.status.refused')}</Tag>
            ) : (
              <Tag color="processing">{t('wsSocial.friends.status.pending')}</Tag>
            )
          }
          actions={
            <Button size="small" loading={actions.busy === e.rowId} data-testid="friend-withdraw" onClick={() => void actions.withdraw(e.rowId)}>
              {e.status === FRIEND.refused ? t('wsSocial.friends.dismiss') : t('wsSocial.friends.withdraw')}
            </Button>
          }
        />
      )}
    </Section>
  );
}

export function BlockedPeople({ list, actions }: Props) {
  const { t } = useI18n();
  return (
    <Section kind="blocked" list={list}>
      {(e) => (
        <PersonLine
          key={e.rowId}
          testId="friend-blocked"
          personId={e.personId}
          name={e.name}
          avatar={e.avatar}
          actions={
            <Button size="small" loading={actions.busy === e.rowId} data-testid="friend-unblock" onClick={() => void actions.unblock(e.rowId)}>
              {t('wsSocial.friends.unblock')}
            </Button>
          }
        />
      )}
    </Section>
  );
}
