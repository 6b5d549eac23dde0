/**
 * Comments on a goods page (when the seller allows them), keyed by the goods id (base/comment by
 * goodsId; the server refuses them when the seller has not allowed comments). Members read the
 * visible comments and their own (marked while awaiting review or hidden) and write new ones;
 * visitors are asked to sign in, since the comment list needs a token.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Avatar, Button, Card, Empty, Spin, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { notify } from '../../app/notify';
import { loginFor } from '../../lib/router-rules';
import TextSubmit from '../../components/TextSubmit';
import { EMPTY_PAGED, mergePage, type Paged } from './paging';
import { storeCalls, type GoodsComment, type PublicPerson } from './store-calls';

const SIZE = 10;
const MAX_LENGTH = 1000;

/** Authors' public names, asked once each per page load. */
const people = new Map<number, Promise<PublicPerson | null>>();
function personOf(id: number): Promise<PublicPerson | null> {
  let p = people.get(id);
  if (!p) {
    p = storeCalls.person(id).catch(() => null);
    people.set(id, p);
  }
  return p;
}

function CommentList({ goodsId }: { goodsId: number }) {
  const { t, lang } = useI18n();
  const [paged, setPaged] = useState<Paged<GoodsComment>>(EMPTY_PAGED);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [names, setNames] = useState<Record<number, PublicPerson | null>>({});
  const round = useRef(0);

  const load = useCallback(
    (page: number) => {
      const mine = ++round.current;
      setLoading(true);
      setFailed(false);
      storeCalls.comments(goodsId, page, SIZE).then(
        (answer) => {
          if (mine !== round.current) return;
          setPaged((prev) => mergePage(prev, answer));
          setLoading(false);
        },
        () => {
          if (mine !== round.current) return;
          setFailed(true);
          setLoading(false);
        },
      );
    },
    [goodsId],
  );

  useEffect(() => load(1), [load]);

  useEffect(() => {
    const missing = [...new Set(paged.items.map((c) => Number(c.userId)).filter((id) => id > 0 && !(id in names)))];
    for (const id of missing) void personOf(id).then((p) => setNames((n) => ({ ...n, [id]: p })));
  }, [paged.items, names]);

  // A refusal (comments turned off, say) is shown by the http client.
  const send = async (content: string) => {
    await storeCalls.addComment(goodsId, content);
    notify('success', t('wsStore.comments.sent'));
    load(1);
    return '';
  };

  return (
    <>
      <TextSubmit
        className="st-comment-form"
        align="end"
        primary
        maxLength={MAX_LENGTH}
        canSubmit={(content) => content !== ''}
        onSubmit={send}
        label={t('wsStore.comments.placeholder')}
        submitLabel={t('wsStore.comments.send')}
        inputTestId="comment-input"
        submitTestId="comment-send"
      />
      {paged.page === 0 && loading && <Spin className="ws-spin" />}
      {paged.items.length === 0 && !loading && !failed && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wsStore.comments.empty')} />}
      {paged.items.map((c) => {
        const uid = Number(c.userId);
        const who = names[uid];
        const name = who?.nickName || t('wsStore.comments.member', { id: uid });
        return (
          <div key={c.id} className="st-comment" data-testid="comment">
            <Avatar size={32} src={who?.headImg || who?.avatar || undefined} icon={<UserOutlined />} />
            <div className="st-comment-main">
              <div className="st-comment-head">
                {uid > 0 ? <Link to={`/person/${uid}`}>{name}</Link> : <span>{name}</span>}
                {c.createTime && <span className="st-comment-time">{new Date(c.createTime).toLocaleString(lang)}</span>}
                {Number(c.status) === 0 && <Tag color="gold">{t('wsStore.comments.pending')}</Tag>}
                {Number(c.status) === 2 && <Tag>{t('wsStore.comments.hidden')}</Tag>}
              </div>
              <div className="st-comment-text">{c.content}</div>
            </div>
          </div>
        );
      })}
      {failed ? (
        <div className="st-more">
          <span className="st-more-error">{t('wsStore.comments.loadFailed')}</span>
          <Button onClick={() => load(paged.page + 1)}>{t('wsStore.comments.retry')}</Button>
        </div>
      ) : (
        paged.hasMore &&
        paged.page > 0 && (
          <div className="st-more">
            <Button loading={loading} onClick={() => load(paged.page + 1)}>
              {t('wsStore.comments.more')}
            </Button>
          </div>
        )
      )}
    </>
  );
}

export default function GoodsComments({ goodsId, signedIn }: { goodsId: number; signedIn: boolean }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Card title={t('wsStore.comments.title')} className="st-goods-card" data-testid="goods-comments">
      {signedIn ? (
        <CommentList goodsId={goodsId} />
      ) : (
        <div className="st-more">
          <span>{t('wsStore.comments.signIn')}</span>
          <Button type="primary" onClick={() => navigate(loginFor(location.pathname, location.search))}>
            {t('wsStore.comments.signInButton')}
          </Button>
        </div>
      )}
    </Card>
  );
}
