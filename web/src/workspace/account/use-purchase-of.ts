/**
 * Whether the member holds an active purchase of goods `goodsId` (`goods/purchase/mine`), asked once
 * when `goodsId` is positive: a paid order of a listing that delivers something leads to My purchases.
 */
import { useEffect, useState } from 'react';
import { sellsCalls } from './sells-calls';

const ACTIVE = 1;

export function useHasPurchase(goodsId: number): boolean {
  const [has, setHas] = useState(false);
  useEffect(() => {
    setHas(false);
    if (!(goodsId > 0)) return;
    let live = true;
    sellsCalls.purchases().then(
      (list) => live && setHas(list.some((p) => p.status === ACTIVE && p.goods?.id === goodsId)),
      () => undefined, // no way to My purchases offered; the orders button stays
    );
    return () => {
      live = false;
    };
  }, [goodsId]);
  return has;
}
