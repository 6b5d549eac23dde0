/**
 * Operations of a running core (issue 24): its row among the instances of the database (and the
 * warning when they do not share Redis), and the metrics' view of it. Started last by app.ts and
 * closed before the database.
 */
import type { Core } from '../core';
import { InstanceBeat } from './instances';
import { watchSources } from './metrics';

export interface OpsHandle {
  beat: InstanceBeat;
  close(): Promise<void>;
}

export async function startOps(core: Core, warn: (line: string) => void, onError: (err: unknown) => void): Promise<OpsHandle> {
  const beat = await InstanceBeat.start(core.db, { name: core.scheduler.settings.instance, redis: !!core.config.redisUrl }, warn, onError);
  const unwatch = watchSources(core);
  return {
    beat,
    async close() {
      unwatch();
      core.secrets.close();
      await beat.close();
    },
  };
}
