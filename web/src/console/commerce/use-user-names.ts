/**
 * Display names (nickname, else username) of a few users by id, for lines that carry only ids (the
 * ledger check). At most `MAX_NAMED` users are asked, one `info` each; without the permission, or
 * for an unknown id, the screen shows the id.
 */
import { useEffect, useState } from 'react';
import { data } from '../../app/data';
import { useCan } from '../../app/auth';

export const MAX_NAMED = 20;

export function useUserNames(ids: readonly number[]): Map<number, string> {
  const can = useCan();
  const allowed = can('base:sys:user:info');
  const [names, setNames] = useState<Map<number, string>>(new Map());
  const key = ids.slice(0, MAX_NAMED).join(',');
  useEffect(() => {
    if (!allowed || !key) return;
    let live = true;
    const wanted = key.split(',').map(Number);
    void Promise.all(
      wanted.map((id) =>
        data('base/sys/user')
          .info(id, { silent: true })
          .then((u) => [id, u?.nickName || u?.username || ''] as const)
          .catch(() => [id, ''] as const),
      ),
    ).then((pairs) => live && setNames(new Map(pairs.filter(([, n]) => n))));
    return () => {
      live = false;
    };
  }, [allowed, key]);
  return names;
}
