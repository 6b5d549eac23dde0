/**
 * The like toggle. Likes are public (001 §6): one like per member, or per visitor without a token.
 *
 * Decisions the spec leaves open (issue 17):
 * - A visitor is keyed by `visitorId`, an id their client makes once and keeps (a UUID, or any 8 to 64
 *   letters, digits, `-` and `_`); it is stored as the like row's visitorKey. Without a token a
 *   `like` needs it (1002 otherwise); `liked` without one answers false. With a token it is ignored:
 *   the member's likes are theirs wherever they sign in.
 * - `like` toggles: a second call takes the like back. One transaction locks the goods row first, so
 *   the toggles of one goods run one after the other; the like row is added with `addIfAbsent` (or
 *   purged) and likeCount moves with `increment` in the same transaction, so likeCount always equals
 *   the number of like rows. A counter that is already 0 is never taken below it.
 * - Listed goods can be liked by anyone; the seller and the administrator may like the seller's
 *   unlisted goods too (they see them). Anonymous likes are limited to 60 a minute per address,
 *   members' to 120 a minute.
 */
import { SYSTEM, eq, fail, nullableText, hit, entity } from '../../../../core/api';
import type { Core, AuthUser, InvalidField } from '../../../../core/api';
import { asSystem } from '../../../workspace/groups/membership.service';
import { GOODS } from '../info/goods.messages';
import { goodsEntity } from '../info/goods.queries';
import { maySee } from '../info/goods.service';
import type { Liker } from './like.queries';

const VISITOR_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** The visitor's id a signed-out caller sends (like, liked, openDetail); ignored with a token. */
export const VISITOR_INPUT = { visitorId: nullableText({ max: 64 }) };

/**
 * The visitor id's problems beyond its type and length: a signed-out caller's must be 8 to 64
 * letters, digits, `-` or `_`; with `required` (like) a signed-out caller must send one. `sent` is
 * the body's raw value (a badly typed one is already named, and not also missing).
 */
export function visitorProblems(visitorId: string | null | undefined, sent: unknown, caller: AuthUser | null, required: boolean): InvalidField[] {
  if (caller) return [];
  if (typeof visitorId === 'string' && visitorId !== '' && !VISITOR_ID.test(visitorId)) return [{ field: 'visitorId', rule: 'invalid', params: {} }];
  const none = sent === undefined || sent === null || sent === '';
  return required && none ? [{ field: 'visitorId', rule: 'required', params: {} }] : [];
}

/** The liker of a request: the member, else the visitor of a (checked) `visitorId`; undefined without either. */
export function likerOf(visitorId: string | null | undefined, caller: AuthUser | null): Liker | undefined {
  if (caller) return { userId: caller.id };
  return typeof visitorId === 'string' && VISITOR_ID.test(visitorId) ? { visitorKey: visitorId } : undefined;
}

/** Counts one like attempt against the caller's limit (429 beyond it). */
export async function limitLikes(core: Core, caller: AuthUser | null, ip: string): Promise<void> {
  const limit = caller ? { key: `goods:like:u:${caller.id}`, max: 120, windowSeconds: 60 } : { key: `goods:like:ip:${ip}`, max: 60, windowSeconds: 60 };
  await hit(core.cache, [limit], GOODS.goods_like_too_many);
}

/** Toggles `who`'s like of goods `goodsId`; answers whether it is liked now and the goods' like count. */
export async function toggleLike(core: Core, caller: AuthUser | null, goodsId: number, who: Liker): Promise<{ liked: boolean; likeCount: number }> {
  const goods = goodsEntity(core);
  const likes = entity(core.model, 'goods/like');
  // A member's row is written as the member (owner field from the token); a visitor's as the system.
  return core.ops.transaction(caller ?? SYSTEM, async (t) => {
    const [g] = await asSystem(core, (s) => s.lock(goods, goodsId));
    if (!g || !maySee(g, caller)) throw fail.notFound(GOODS.goods_not_found);
    const { id, created } =
      'userId' in who
        ? await t.addIfAbsent(likes, { goodsId }, ['goodsId', 'userId'])
        : await t.addIfAbsent(likes, { goodsId, visitorKey: who.visitorKey }, ['goodsId', 'visitorKey']);
    if (!created) await t.purge(likes, eq('id', id));
    const before = Number(g.likeCount ?? 0);
    const by = created ? 1 : before > 0 ? -1 : 0;
    const likeCount = by === 0 ? before : await asSystem(core, (s) => s.increment(goods, goodsId, 'likeCount', by, { floor: 0, touch: false }));
    return { liked: created, likeCount };
  });
}
