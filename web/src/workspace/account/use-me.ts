/**
 * The signed-in member as `base/comm/person` answers now (balances and VIP change with payments and
 * redemptions, so the tabs read it fresh rather than from the session's copy); `reload()` asks again
 * and refreshes the session's user too. Every notification is a moment to ask again: the changes
 * made elsewhere (an order paid, a refund, a sale, tokens an administrator gave) each come with one.
 */
import { useCallback, useEffect, useState } from 'react';
import { loadProfile } from '../../app/auth';
import { calls } from '../../app/data';
import { useNotice } from '../realtime';

export interface Me {
  id: number;
  tokens?: number | string | null;
  earnedTokens?: number | string | null;
  withdrawableTokens?: number | string | null;
  vipType?: number | null;
  vipEndTime?: string | null;
  subscriptionId?: string | null;
  [k: string]: unknown;
}

export function useMe(): { me: Me | null; failed: boolean; reload: () => void } {
  const [me, setMe] = useState<Me | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    (calls.base.comm.person({}, { silent: true }) as Promise<Me>).then((p) => live && (setMe(p), setFailed(false))).catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [version]);
  const reload = useCallback(() => {
    setVersion((v) => v + 1);
    void loadProfile().catch(() => undefined);
  }, []);
  useNotice('notify', reload);
  return { me, failed, reload };
}
