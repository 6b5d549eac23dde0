/**
 * `/my/info?tab=goods`: my goods and my sales. The statistics (GoodsStats), then my goods on sale or
 * off the shelf (`goods/info/page`, which answers a member their own rows) or removed
 * (`goods/info/removedList`), with publish and edit (GoodsForm), pin (`updateGoods {isPinned}`, at most
 * 3: the server's 409 says so), remove and restore (a pinned goods restored beyond the limit comes back unpinned).
 */
import { useState } from 'react';
import { Button, Empty, Pagination, Segmented, Skeleton, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { calls, data, type PageResult } from '../../app/data';
import { notify } from '../../app/notify';
import { useSiteCurrency } from '../../app/use-site-currency';
import { usePaged } from './use-paged';
import GoodsStats from './GoodsStats';
import GoodsItem from './GoodsItem';
import GoodsForm, { type MyGoods } from './GoodsForm';
import LoadError from './LoadError';
import './account.css';
import '../../i18n/store-texts';

export default function GoodsTab() {
  const { t } = useI18n();
  const currency = useSiteCurrency();
  const [search, setSearch] = useSearchParams();
  const removed = search.get('list') === 'removed';
  const [editing, setEditing] = useState<MyGoods | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const [version, setVersion] = useState(0);

  const paged = usePaged<MyGoods>(
    (page, size) =>
      removed
        ? (calls.goods.info.removedList({ page, size }, { silent: true }) as Promise<PageResult<MyGoods>>)
        : data('goods/info').page({ page, size, order: 'id', sort: 'desc' }, { silent: true }),
    [removed, version],
  );

  const changed = () => {
    setVersion((v) => v + 1);
  };

  const act = async <T,>(id: number, run: () => Promise<T>, done: string | ((answer: T) => string)) => {
    setBusy(id);
    try {
      const answer = await run();
      notify('success', typeof done === 'string' ? done : done(answer));
      changed();
    } catch {
      /* the server's message was shown (a pin beyond the limit: its 409) */
    } finally {
      setBusy(null);
    }
  };

  const setList = (v: string) =>
    setSearch(
      (s) => {
        const next = new URLSearchParams(s);
        if (v === 'removed') next.set('list', 'removed');
        else next.delete('list');
        return next;
      },
      { replace: true },
    );

  const open = (g: MyGoods | null) => {
    setEditing(g);
    setFormOpen(true);
  };

  return (
    <div className="acc-tab" data-testid="acc-goods-tab">
      <GoodsStats version={version} />
      <div className="acc-toolbar acc-toolbar-split">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('wsAccount.goods.title')}
        </Typography.Title>
        <div className="acc-toolbar">
          <Segmented
            value={removed ? 'removed' : 'live'}
            onChange={(v) => setList(String(v))}
            options={[
              { value: 'live', label: t('wsAccount.goods.mine') },
              { value: 'removed', label: t('wsAccount.goods.removedList') },
            ]}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)} data-testid="acc-goods-publish">
            {t('wsAccount.goods.publish')}
          </Button>
        </div>
      </div>
      {paged.error ? <LoadError error={paged.error} onRetry={paged.reload} /> : null}
      {paged.loading && !paged.list.length ? <Skeleton active avatar paragraph={{ rows: 3 }} /> : null}
      {!paged.loading && !paged.error && !paged.list.length ? (
        <Empty description={removed ? t('wsAccount.goods.noneRemoved') : t('wsAccount.goods.none')} />
      ) : null}
      <div className={paged.loading ? 'acc-list acc-reloading' : 'acc-list'}>
        {paged.list.map((g) => (
          <GoodsItem
            key={g.id}
            goods={g}
            currency={currency}
            removed={removed}
            busy={busy === g.id}
            onEdit={() => open(g)}
            onPin={(pin) =>
              void act(
                g.id,
                () => calls.goods.info.updateGoods({ id: g.id, isPinned: pin ? 1 : 0 }),
                pin ? t('wsAccount.goods.pinnedDone') : t('wsAccount.goods.unpinnedDone'),
              )
            }
            onRemove={() => void act(g.id, () => calls.goods.info.remove({ id: g.id }), t('wsAccount.goods.removedDone'))}
            onRestore={() =>
              void act(
                g.id,
                () => calls.goods.info.restore({ id: g.id }) as Promise<{ unpinned?: boolean }>,
                (a) => (a.unpinned ? t('wsAccount.goods.restoredUnpinned') : t('wsAccount.goods.restoredDone')),
              )
            }
          />
        ))}
      </div>
      {paged.total > paged.size ? (
        <Pagination
          className="acc-pager"
          current={paged.page}
          pageSize={paged.size}
          total={paged.total}
          onChange={paged.setPage}
          showSizeChanger={false}
          size="small"
        />
      ) : null}
      <GoodsForm goods={editing} open={formOpen} onClose={() => setFormOpen(false)} onSaved={changed} />
    </div>
  );
}
