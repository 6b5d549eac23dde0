/**
 * "Find people": a search over usernames (exact) and nick names (prefix), at least two characters,
 * up to 20 public profiles. Each result shows what the member already is to that person, or an
 * "Add friend" button (which accepts at once when that person had asked first).
 */
import { useState } from 'react';
import { Button, Card, Input, Tag } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { canRequest, relationTo, type FriendSections, type Relation } from './friend-rows';
import { peopleCalls, pictureOf, type PublicProfile } from './social-calls';
import type { FriendActions } from './use-friend-actions';
import PersonLine from './PersonLine';

export const SEARCH_MIN_CHARS = 2;

function RelationButton({ rel, personId, actions }: { rel: Relation; personId: number; actions: FriendActions }) {
  const { t } = useI18n();
  if (canRequest(rel)) {
    return (
      <Button
        type="primary"
        size="small"
        icon={<UserAddOutlined />}
        loading={actions.busy === personId}
        data-testid="friend-add"
        onClick={() => void actions.request(personId)}
      >
        {rel === 'incoming' ? t('wsSocial.friends.accept') : t('wsSocial.friends.add')}
      </Button>
    );
  }
  return <Tag data-testid="friend-relation">{t(`wsSocial.friends.status.${rel === 'sent' ? 'pending' : rel}`)}</Tag>;
}

export default function FriendSearch({ me, sections, actions }: { me: number; sections: FriendSections; actions: FriendActions }) {
  const { t } = useI18n();
  const [word, setWord] = useState('');
  const [results, setResults] = useState<PublicProfile[] | null>(null);
  const [loading, setLoading] = useState(false);
  const tooShort = word.trim().length < SEARCH_MIN_CHARS;

  const search = async (value: string) => {
    const keyWord = value.trim();
    if (keyWord.length < SEARCH_MIN_CHARS) return;
    setLoading(true);
    try {
      setResults(await peopleCalls.search(keyWord));
    } catch {
      setResults(null);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Card size="small" title={t('wsSocial.friends.search.title')} data-testid="friends-search">
      <Input.Search
        value={word}
        onChange={(e) => {
          setWord(e.target.value);
          setResults(null);
        }}
        onSearch={(v) => void search(v)}
        placeholder={t('wsSocial.friends.search.placeholder')}
        enterButton={t('wsSocial.friends.search.button')}
        loading={loading}
        maxLength={64}
        allowClear
        data-testid="friends-search-input"
      />
      {tooShort && word.length > 0 && <div className="soc-search-hint">{t('wsSocial.friends.search.hint', { n: SEARCH_MIN_CHARS })}</div>}
      {results && results.length === 0 && <div className="soc-empty">{t('wsSocial.friends.search.none')}</div>}
      <div className="soc-search-results">
        {results?.map((p) => (
          <PersonLine
            key={p.id}
            testId="friends-search-result"
            personId={p.id}
            name={p.nickName || `#${p.id}`}
            avatar={pictureOf(p)}
            actions={<RelationButton rel={relationTo(p.id, me, sections)} personId={p.id} actions={actions} />}
          />
        ))}
      </div>
    </Card>
  );
}
