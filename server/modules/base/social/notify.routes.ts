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
import type { Core } from '../../../core/core';
import type { Row } from '../../../core/entity/define';
import { l } from '../../../core/entity/define';
import { SYSTEM } from '../../../core/entity/access';
import { and, eq } from '../../../core/crud/condition';
import { MAX_BATCH } from '../../../core/crud/operations';
import { fail, type InvalidField } from '../../../core/http/errors';
import { call, defineRoutes } from '../../../core/modules';
import { NOTIFY_STATUS, NOTIFY_TYPE, notifyUsers, type NotifyType } from '../notify/notify.service';

const FIELDS = ['toId', 'title', 'content', 'type', 'fromId', 'templateId', 'groupId'];
const IGNORED = ['id', 'status', 'createTime', 'updateTime'];

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** The shape of one item; the add operation then checks the values (title length, type...). */
function item(v: unknown, prefix: string, errors: InvalidField[]): Row {
  const at = (f: string) => (prefix ? `${prefix}.${f}` : f);
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    errors.push({ field: prefix || '(body)', rule: 'type', params: { type: 'object' } });
    return {};
  }
  const b = v as Row;
  for (const k of Object.keys(b)) if (!FIELDS.includes(k) && !IGNORED.includes(k)) errors.push({ field: at(k), rule: 'unknown', params: {} });
  if (!isId(b.toId)) errors.push({ field: at('toId'), rule: b.toId === undefined ? 'required' : 'type', params: { type: 'integer' } });
  if (b.templateId !== undefined && b.templateId !== null && !isId(b.templateId)) errors.push({ field: at('templateId'), rule: 'type', params: { type: 'integer' } });
  if (b.groupId !== undefined && b.groupId !== null && !isId(b.groupId)) errors.push({ field: at('groupId'), rule: 'type', params: { type: 'integer' } });
  if (b.fromId !== undefined && b.fromId !== null && !isId(b.fromId)) errors.push({ field: at('fromId'), rule: 'type', params: { type: 'integer' } });
  return b;
}

export default defineRoutes((core: Core) => {
  const notify = core.model.byKey.get('base/notify')!;
  const templates = core.model.byKey.get('base/notifyTemplate')!;
  const users = core.model.system('users');
  return [
    call(core, 'base', 'notify', 'add', {
      method: 'POST',
      guard: 'admin',
      summary: l('Send a notification', '发送通知', '傳送通知'),
      async handler(req) {
        const batch = Array.isArray(req.body);
        const list = batch ? (req.body as unknown[]) : [req.body];
        if (!list.length || list.length > MAX_BATCH) throw fail.bad(list.length ? 'batch_too_large' : 'body_not_object_or_array', { max: MAX_BATCH });
        const errors: InvalidField[] = [];
        const items = list.map((v, i) => item(v, batch ? `[${i}]` : '', errors));
        if (errors.length) throw fail.invalid(errors);
        const ids = await core.ops.transaction(req.user, async (t) => {
          const out: number[] = [];
          for (const [i, b] of items.entries()) {
            const at = (f: string) => (batch ? `[${i}].${f}` : f);
            const receiver = await core.ops.transaction(SYSTEM, (sys) => sys.lock(users, b.toId as number));
            if (!receiver.length) throw fail.invalid([{ field: at('toId'), rule: 'invalid', params: {} }]);
            let template: Row = {};
            if (isId(b.templateId)) {
              [template] = await t.list(templates, { id: b.templateId });
              if (!template) throw fail.invalid([{ field: at('templateId'), rule: 'invalid', params: {} }]);
            }
            const [row] = await notifyUsers(core, t, {
              toIds: [b.toId as number],
              title: (b.title ?? template.title) as string,
              content: (b.content ?? template.content ?? null) as string | null,
              type: (b.type ?? template.type ?? NOTIFY_TYPE.system) as NotifyType,
              fromId: (b.fromId as number | null | undefined) ?? null,
              templateId: (b.templateId as number | null | undefined) ?? null,
              groupId: (b.groupId as number | null | undefined) ?? null,
            });
            // notifyUsers skips a receiver who is the sender.
            if (!row) throw fail.invalid([{ field: at('fromId'), rule: 'invalid', params: {} }]);
            out.push(Number(row.id));
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
