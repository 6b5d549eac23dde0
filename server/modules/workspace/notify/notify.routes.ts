/**
 * base/notify calls beyond the generic ones:
 * - add (administrators; replaces the generic add at the same path): writes the notification
 *   through notifyUsers, so the receiver sees it live (notice {kind: 'notify'}) once it is stored,
 *   like every notification the product sends. Body as the generic add: one object -> {id}, or an
 *   array -> {ids}; each `{toId, title, content?, type?, fromId?, templateId?, groupId?}`. With a templateId
 *   the title, content and type default to the template's. type defaults to 0 (a system notice);
 *   fromId defaults to none (the platform), since the console speaks for it.
 * - readAll (members): marks every unread notification of the caller read -> {count}.
 */
import {
  l,
  SYSTEM,
  and,
  eq,
  MAX_BATCH,
  fail,
  type InvalidField,
  call,
  defineRoutes,
  id,
  nullableId,
  raw,
  readShape,
  shapeSchema,
  type Input,
  COUNT,
  INT,
  listOf,
  obj,
  entity,
} from '../../../core/api';
import type { Core, Row } from '../../../core/api';
import { NOTIFY_STATUS, NOTIFY_TYPE, notifyUsers, type NotifyType } from './notify.service';

/** One notification to send; the add operation then checks the values (title length, type...). */
const ITEM = {
  toId: id(),
  title: raw({ type: 'string', description: "the template's when absent" }).optional(),
  content: raw({ type: ['string', 'null'] }).optional(),
  type: raw({ type: 'integer', description: "0 (a system notice) by default, or the template's" }).optional(),
  fromId: nullableId(),
  templateId: nullableId(),
  groupId: nullableId(),
};
/** Fields of a stored row a console may send back: the server's, ignored. */
const IGNORED = ['id', 'status', 'createTime', 'updateTime'];

/** The body: one item, or a list of at most MAX_BATCH. */
const BODY = { anyOf: [shapeSchema(ITEM), { type: 'array', items: shapeSchema(ITEM), minItems: 1, maxItems: MAX_BATCH }] };

/** Reads one item (`[i].` before its fields' names in a list); null when it is not an object. */
function item(v: unknown, prefix: string, errors: InvalidField[]): Input<typeof ITEM> | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    errors.push({ field: prefix ? prefix.slice(0, -1) : '(body)', rule: 'type', params: { type: 'object' } });
    return null;
  }
  return readShape(ITEM, v as Record<string, unknown>, { at: prefix, errors, query: false }, false, IGNORED);
}

export default defineRoutes((core: Core) => {
  const notify = entity(core.model, 'base/notify');
  const templates = entity(core.model, 'base/notifyTemplate');
  const users = core.model.system('users');
  return [
    call(core, 'base', 'notify', 'add', {
      method: 'POST',
      summary: l('Send a notification', '发送通知', '傳送通知'),
      input: {},
      body: BODY,
      access: 'admin',
      effect: 'write',
      answer: { anyOf: [obj({ id: INT }), obj({ ids: listOf(INT) })] },
      async handler(req) {
        const batch = Array.isArray(req.body);
        const list = batch ? (req.body as unknown[]) : [req.body];
        if (!list.length || list.length > MAX_BATCH) throw fail.bad(list.length ? 'batch_too_large' : 'body_not_object_or_array', { max: MAX_BATCH });
        const errors: InvalidField[] = [];
        const items = list.map((v, i) => item(v, batch ? `[${i}].` : '', errors));
        if (errors.length) throw fail.invalid(errors);
        const ids = await core.ops.transaction(req.user, async (t) => {
          const out: number[] = [];
          for (const [i, b] of (items as Array<Input<typeof ITEM>>).entries()) {
            const at = (f: string) => (batch ? `[${i}].${f}` : f);
            const receiver = await core.ops.transaction(SYSTEM, (sys) => sys.lock(users, b.toId));
            if (!receiver.length) throw fail.invalid([{ field: at('toId'), rule: 'invalid', params: {} }]);
            let template: Row = {};
            if (b.templateId) {
              [template] = await t.list(templates, { id: b.templateId });
              if (!template) throw fail.invalid([{ field: at('templateId'), rule: 'invalid', params: {} }]);
            }
            const [row] = await notifyUsers(core, t, {
              toIds: [b.toId],
              title: (b.title ?? template.title) as string,
              content: (b.content ?? template.content ?? null) as string | null,
              type: (b.type ?? template.type ?? NOTIFY_TYPE.system) as NotifyType,
              fromId: b.fromId ?? null,
              templateId: b.templateId ?? null,
              groupId: b.groupId ?? null,
            });
            // notifyUsers skips a receiver who is the sender.
            if (!row) throw fail.invalid([{ field: at('fromId'), rule: 'invalid', params: {} }]);
            out.push(row.id);
          }
          return out;
        });
        return batch ? { ids } : { id: ids[0] };
      },
    }),
    call(core, 'base', 'notify', 'readAll', {
      method: 'POST',
      member: true,
      summary: l('Mark all my notifications read', '全部标为已读', '全部標為已讀'),
      input: {},
      effect: 'write',
      answer: COUNT,
      async handler(req) {
        const me = req.user!.id;
        const count = await core.ops.transaction(req.user, (t) =>
          t.updateWhere(notify, and(eq('toId', me), eq('status', NOTIFY_STATUS.unread)), { status: NOTIFY_STATUS.read }),
        );
        return { count };
      },
    }),
  ];
});
