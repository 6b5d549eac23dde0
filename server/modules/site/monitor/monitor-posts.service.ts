/**
 * What the X monitor gives out of its fetched posts: the public page (`twitterData`) and one post sent
 * to a member as a notification (`sendTwitterToUser`).
 *
 * - twitterData shows only what X shows anyone: the post id, its author's username and name, text,
 *   link, time (`createdAt`, X's created_at) and public metrics; newest first; `size` at most 100.
 * - sendTwitterToUser writes a system notification (type 0, from the platform) in the receiver's
 *   language through notifyUsers, in the caller's transaction; the receiver gets it live after the
 *   commit like every notification. An unknown user or post is a 404.
 */
import { SYSTEM, entity, eq, fail, ABSENT, BAD, field, id, type Input, t as text } from '../../../core/api';
import type { Core, AuthUser, EntityRow, Row } from '../../../core/api';
import { NOTIFY_TYPE, notifyUsers } from '../../workspace/notify/notify.service';
import { MONITOR } from './monitor.messages';
import { postEntity } from './monitor.queries';
import { memberLang } from '../../system/member-language';

/** The largest page twitterData answers. */
export const MAX_POSTS_PAGE = 100;
const POST_ID = /^\d{1,20}$/;

export interface PublicPost {
  postId: string;
  authorUsername: string | null;
  authorName: string | null;
  text: string;
  url: string | null;
  createdAt: string | null;
  metrics: Record<string, number> | null;
}

/** A stored post as the page operation answers it. */
type MonitorPost = EntityRow<'base/monitorPost'>;

function publicPost(r: MonitorPost): PublicPost {
  return {
    postId: r.postId,
    authorUsername: r.authorUsername ?? null,
    authorName: r.authorName ?? null,
    text: r.text ?? '',
    url: r.url ?? null,
    createdAt: r.postedAt ?? null,
    metrics: (r.metrics as Record<string, number> | null) ?? null,
  };
}

/** A whole number of the query of at least `min`, absent when left empty. */
const atLeast = (min: number) =>
  field<number>({ type: 'integer', minimum: min }, (v, r) => {
    if (v === '' || v === null) return ABSENT;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n < min) {
      r.errors.push({ field: r.at, rule: 'type', params: { type: `integer of at least ${min}` } });
      return BAD;
    }
    return n;
  }).optional();

/** X's id of a post: its digits, as text or a number. */
const postIdField = field<string>(
  {
    anyOf: [
      { type: 'string', pattern: '^\\d{1,20}$' },
      { type: 'integer', minimum: 1 },
    ],
  },
  (v, r) => {
    if (v === null || v === '') {
      r.errors.push({ field: r.at, rule: 'required', params: {} });
      return BAD;
    }
    const id = typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? String(v) : typeof v === 'string' ? v.trim() : '';
    if (!POST_ID.test(id)) {
      r.errors.push({ field: r.at, rule: 'type', params: { type: 'X post id (digits)' } });
      return BAD;
    }
    return id;
  },
);

/**
 * twitterData's query: `page` from 1, `size` at least 1 (more than MAX_POSTS_PAGE reads as that). A
 * client's cache buster (`_t`, `_`) is dropped by every declared GET (core/calls/call.ts).
 */
export const POSTS_QUERY = { page: atLeast(1), size: atLeast(1) };

/** sendTwitterToUser's input: the member and X's id of the post. */
export const SEND_POST_INPUT = { userId: id(), postId: postIdField };

/** The latest posts, newest first, with their public fields only. */
export async function latestPosts(core: Core, query: Input<typeof POSTS_QUERY>): Promise<{ list: PublicPost[]; pagination: Row }> {
  const page = query.page ?? 1;
  const size = Math.min(query.size ?? 20, MAX_POSTS_PAGE);
  // The rows are administrators' (no access rule): read as the system, then cut to the public fields.
  const answer = await core.ops.page(postEntity(core), { page, size, order: 'postedAt', sort: 'desc' }, SYSTEM);
  return { list: (answer.list as MonitorPost[]).map(publicPost), pagination: answer.pagination as unknown as Row };
}

/** Sends post `postId` (X's id) to member `userId` as a notification; answers the notification's id. */
export async function sendPostToUser(core: Core, caller: AuthUser, { userId, postId }: Input<typeof SEND_POST_INPUT>): Promise<{ id: number }> {
  const users = entity(core.model, 'base/sys/user');
  return core.ops.transaction(caller, async (t) => {
    const [user, post] = await core.ops.transaction(SYSTEM, async (sys) => [
      (await sys.lock(users, userId))[0],
      (await sys.lock(postEntity(core), eq('postId', postId)))[0],
    ]);
    if (!user) throw fail.notFound(MONITOR.monitor_user_not_found);
    if (!post) throw fail.notFound(MONITOR.monitor_post_not_found);
    const lang = memberLang(user);
    const username = post.authorUsername ?? post.authorId ?? '?';
    const [row] = await notifyUsers(core, t, {
      toIds: [userId],
      type: NOTIFY_TYPE.system,
      title: text(lang, MONITOR.monitor_post_title, { username }),
      content: [post.text, post.url].filter((v) => typeof v === 'string' && v).join('\n'),
      fromId: null,
    });
    return { id: row.id };
  });
}
