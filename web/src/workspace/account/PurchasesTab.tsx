/**
 * `/my/info?tab=purchases`: what the member bought and what each opens (`goods/purchase/mine`),
 * newest first: an AI member can be added to one of their groups (owner or deputy), a group place
 * opens the group's chat, files download through a short-lived url. A refunded purchase says so
 * and opens nothing.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Empty, Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { ApiError } from '../../app/api';
import { sellsCalls, type Choice, type Purchase } from './sells-calls';
import PurchaseItem from './PurchaseItem';
import LoadError from './LoadError';
import './account.css';
import '../../i18n/store-texts';

type Loaded = { list: Purchase[] | null; error: { message: string; status: number } | null };

/** The member's purchases, with a reload. */
function usePurchases(): Loaded & { reload: () => void } {
  const [state, setState] = useState<Loaded>({ list: null, error: null });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    sellsCalls.purchases().then(
      (list) => live && setState({ list, error: null }),
      (e: unknown) =>
        live && setState({ list: null, error: { message: e instanceof Error ? e.message : String(e), status: e instanceof ApiError ? e.status : 0 } }),
    );
    return () => {
      live = false;
    };
  }, [round]);
  return { ...state, reload: useCallback(() => setRound((r) => r + 1), []) };
}

export default function PurchasesTab() {
  const { t } = useI18n();
  const purchases = usePurchases();
  const [groups, setGroups] = useState<Choice[] | undefined>();
  const wantsGroups = !!purchases.list?.some((p) => p.ai && p.status === 1);

  useEffect(() => {
    if (!wantsGroups || groups) return;
    sellsCalls.managedGroups().then(setGroups, () => setGroups([]));
  }, [wantsGroups, groups]);

  return (
    <div className="acc-tab" data-testid="acc-purchases">
      {purchases.error ? <LoadError error={purchases.error} onRetry={purchases.reload} /> : null}
      {!purchases.list && !purchases.error ? <Skeleton active avatar paragraph={{ rows: 3 }} /> : null}
      {purchases.list && !purchases.list.length ? (
        <Empty description={t('wsAccount.purchases.none')}>
          <Link to="/workflow_store">
            <Button>{t('wsAccount.toStore')}</Button>
          </Link>
        </Empty>
      ) : null}
      <div className="acc-list">
        {(purchases.list ?? []).map((p) => (
          <PurchaseItem key={p.id} purchase={p} groups={groups} onChanged={purchases.reload} />
        ))}
      </div>
    </div>
  );
}
