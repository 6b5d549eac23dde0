/**
 * A member's own workspace settings on base/sys/user:
 * - becomeBlogger: the member becomes a creator (isDeveloper = 1), a mark on their profile; it gates
 *   nothing, publishing included (docs/decisions/creator-flag.md);
 * - savedTimeSummary: the time their runs saved: `{ runs, minutes, byApp }` over their succeeded runs,
 *   each counting the minutes its app says a run saves (server/modules/ai/run.queries.ts);
 * - saveApp / updateApp: their settings for an app, kept in configPacks as a map appId -> config
 *   (saveApp adds or replaces, updateApp changes one that was saved and is 404 otherwise). The row
 *   stays bounded: a config is at most MAX_APP_CONFIG_BYTES of JSON (after updateApp's merge too) and
 *   a member keeps settings for at most MAX_SAVED_APPS apps (1002 beyond either). The read, the
 *   checks and the write are one transaction on the locked row (changePacks), so concurrent saves
 *   neither pass the bound together nor lose each other's settings.
 * Each writes only the caller's own row, as a system write limited to these fields.
 */
import { entity, l, fail, call, defineRoutes, id, json, ANY_OBJECT, INT, NUM, listOf, obj, SYSTEM } from '../../core/api';
import type { Core, Row } from '../../core/api';
import { savedTimeSummary } from '../ai/run.queries';
import { MEMBER_PROFILE } from './member-profile.messages';

/** The largest config of one app, as JSON in UTF-8. */
export const MAX_APP_CONFIG_BYTES = 32 * 1024;
/** How many apps a member keeps settings for. */
export const MAX_SAVED_APPS = 50;

/** An app's settings: its id and a config object (bounded by withApp, inside the transaction). */
const APP_SETTINGS = { appId: id(), config: json({ description: `At most ${MAX_APP_CONFIG_BYTES} bytes of JSON` }) };

/** Every call here acts on the caller's own row: an id in the body names nobody else. */
const OWN_ROW = ['id'];

/** `packs` with `config` kept for `appId`, or 1002 when the config is too large or there are too many apps. */
function withApp(packs: Row, appId: number, config: Row): Row {
  if (Buffer.byteLength(JSON.stringify(config), 'utf8') > MAX_APP_CONFIG_BYTES) {
    throw fail.invalid([{ field: 'config', rule: 'max_length', params: { limit: MAX_APP_CONFIG_BYTES } }]);
  }
  if (!(String(appId) in packs) && Object.keys(packs).length >= MAX_SAVED_APPS) {
    throw fail.invalid([{ field: 'appId', rule: 'app_settings_full', params: { max: MAX_SAVED_APPS } }]);
  }
  return { ...packs, [String(appId)]: config };
}

function packsOf(row: Row): Row {
  const p = row.configPacks;
  return typeof p === 'object' && p !== null && !Array.isArray(p) ? { ...(p as Row) } : {};
}

/** Writes `change(saved packs)` on the member's row, locked from the read to the write; answers the packs written. */
async function changePacks(core: Core, id: number, change: (saved: Row) => Row): Promise<Row> {
  const users = entity(core.model, 'base/sys/user');
  return core.ops.transaction(SYSTEM, async (t) => {
    const [row] = await t.lock(users, id);
    if (!row) throw fail.notFound('record_not_found');
    const packs = change(packsOf(row));
    await t.update(users, { id, configPacks: packs });
    return packs;
  });
}

export default defineRoutes((core) => [
  call(core, 'base', 'sys/user', 'becomeBlogger', {
    member: true,
    method: 'POST',
    summary: l('Become a creator', '成为创作者', '成為創作者'),
    input: {},
    ignored: OWN_ROW,
    effect: 'write',
    answer: obj({ isDeveloper: INT }),
    async handler(req) {
      await core.ops.update(entity(core.model, 'base/sys/user'), { id: req.user!.id, isDeveloper: 1 }, SYSTEM);
      return { isDeveloper: 1 };
    },
  }),
  call(core, 'base', 'sys/user', 'savedTimeSummary', {
    member: true,
    method: 'POST',
    summary: l('Time saved by my runs', '运行节省的时间', '執行節省的時間'),
    input: {},
    ignored: OWN_ROW,
    effect: 'read',
    answer: obj({ runs: INT, minutes: NUM, byApp: listOf(ANY_OBJECT) }),
    handler: (req) => savedTimeSummary(core, req.user!.id),
  }),
  call(core, 'base', 'sys/user', 'saveApp', {
    member: true,
    method: 'POST',
    summary: l('Save my app settings', '保存应用设置', '儲存應用設定'),
    input: APP_SETTINGS,
    ignored: OWN_ROW,
    effect: 'write',
    answer: ANY_OBJECT,
    handler: (req, { appId, config }) => changePacks(core, req.user!.id, (saved) => withApp(saved, appId, config)),
  }),
  call(core, 'base', 'sys/user', 'updateApp', {
    member: true,
    method: 'POST',
    summary: l('Update my app settings', '修改应用设置', '修改應用設定'),
    input: APP_SETTINGS,
    ignored: OWN_ROW,
    effect: 'write',
    answer: ANY_OBJECT,
    handler: (req, { appId, config }) =>
      changePacks(core, req.user!.id, (saved) => {
        if (!(String(appId) in saved)) throw fail.notFound('record_not_found');
        return withApp(saved, appId, { ...(saved[String(appId)] as Row), ...config });
      }),
  }),
]);
