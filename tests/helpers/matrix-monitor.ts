/**
 * Permission-matrix fixtures of the X monitor's calls (issue 21): the settings (administrators only:
 * member B trying to point the monitor at its own token, or read the settings, is refused), the public
 * page of fetched posts, and sending a post to member A (a token and the permission key: B is refused
 * and no notification is forged for A).
 */
import type { Fixture } from './matrix-generic';
import type { World } from './matrix-seed';
import { read, write } from './matrix-fixture';

export const MONITOR_FIXTURES: Record<string, (w: World) => Fixture> = {
  'POST /admin/base/monitor/saveSetting': () => write({ body: { keywords: ['forged by B'], enabled: true, bearerToken: 'b-token' } }),
  'POST /admin/base/monitor/getSetting': () => read({ body: {} }),
  'GET /admin/base/monitor/twitterData': () => read({}, { query: { page: 1, size: 100 } }),
  'POST /admin/base/monitor/sendTwitterToUser': (w) => write({ body: { userId: w.a.id, postId: '1800000000000000001' } }),
};
