/**
 * What the store's filters offer: the goods types (public; enabled top-level ones, in their order)
 * and the suggested search keywords. The keywords' list is guarded by `goods:searchKeyword:list`,
 * which the member role does not hold, so they are asked for only when the signed-in role has it
 * (administrators, by default); everyone else sees no suggestions.
 */
import { useEffect, useState } from 'react';
import { useCan } from '../../app/auth';
import { storeCalls, type GoodsType } from './store-calls';
import { KEYWORDS_PERM, keywordNames, shownTypes } from './store-meta';

export function useStoreMeta(): { types: GoodsType[]; keywords: string[] } {
  const [types, setTypes] = useState<GoodsType[]>([]);
  const [keywords, setKeywords] = useState<string[]>([]);
  const mayKeywords = useCan()(KEYWORDS_PERM);

  useEffect(() => {
    let live = true;
    storeCalls.types().then(
      (rows) => live && setTypes(shownTypes(rows)),
      () => undefined, // the chips are a help: without them the store still lists everything
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!mayKeywords) {
      setKeywords([]);
      return;
    }
    let live = true;
    storeCalls.searchKeywords().then(
      (rows) => live && setKeywords(keywordNames(rows)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [mayKeywords]);

  return { types, keywords };
}
