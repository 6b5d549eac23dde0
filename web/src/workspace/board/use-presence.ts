/** The board's presence map, kept live by the realtime `presence` notices (see presence-map.ts). */
import { useCallback, useState } from 'react';
import { useNotice } from '../realtime';
import { applyPresence, type PresenceMap } from './presence-map';

export function usePresence(): PresenceMap {
  const [map, setMap] = useState<PresenceMap>(() => new Map());
  const onPresence = useCallback((n: { userId: number; online: boolean }) => setMap((m) => applyPresence(m, n)), []);
  useNotice('presence', onPresence);
  return map;
}
