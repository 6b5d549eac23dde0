/**
 * System task `recycle.purge`: deletes recycle records older than `days` (default 30), in batches,
 * and then the uploaded files of purged file rows (space/info) that no file row and no remaining
 * record names any more: until then a restore may still bring a row back to its file. A file is
 * deleted only after its records' purge has committed; one that cannot be deleted is counted and
 * left (the next run does not see it again: its record is gone).
 */
import { SYSTEM, isIn, cutoffStored, defineTask } from '../../../core/api';
import { storageFor } from '../../files/storage.service';
import { oldRecycleRecords, unreferencedKeys } from './recycle.queries';

const BATCH = 500;

export default defineTask<{ days: number }>('recycle.purge', {
  schema: {
    properties: { days: { type: 'integer', minimum: 1, maximum: 3650, default: 30 } },
    additionalProperties: false,
  },
  system: {
    name: 'Recycle bin purge',
    cron: '0 30 3 * * *',
    data: { days: 30 },
    remark: 'Deletes recycle records older than data.days, and the files only they named',
  },
  async run(core, { days }, ctx) {
    const recycle = core.model.system('recycle');
    const storage = storageFor(core);
    const cutoff = cutoffStored(days);
    let removed = 0;
    let files = 0;
    let kept = 0;
    while (!ctx.signal.aborted) {
      const batch = await oldRecycleRecords(core, cutoff, BATCH);
      if (!batch.length) break;
      removed += await core.ops.transaction(SYSTEM, (t) =>
        t.purge(
          recycle,
          isIn(
            'id',
            batch.map((r) => r.id),
          ),
        ),
      );
      for (const key of await unreferencedKeys(core, [...new Set(batch.flatMap((r) => r.keys))])) {
        const gone = await storage.delete(key).then(
          () => true,
          () => false,
        );
        if (gone) files++;
        else kept++;
      }
      if (batch.length < BATCH) break;
    }
    return { removed, files, ...(kept ? { kept } : {}) };
  },
});
