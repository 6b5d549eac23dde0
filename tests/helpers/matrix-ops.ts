/**
 * Permission-matrix fixtures of the operations routes (issue 24): the readiness answer is public and
 * tells nothing about anyone; the metrics are for an administrator or the scraper token only, so
 * anonymous callers get 401 and member B 403, with no metric in the answer.
 */
import type { Fixture } from './matrix-generic';
import type { World } from './matrix-seed';
import { read } from './matrix-fixture';

export const OPS_FIXTURES: Record<string, (w: World) => Fixture> = {
  'GET /health/ready': () => read({}),
  'GET /metrics': () => read({}),
};
