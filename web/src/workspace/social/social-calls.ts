/**
 * The server calls of the social screens, typed, over the app's data layer (never a hand-built
 * request). Each rejects after the http client has shown the server's message, unless `silent`.
 */
import { api } from '../../app/api';
import { calls, data, shaped } from '../../app/data';
import type { FriendRow } from './friend-rows';
import type { NotifyRow } from './notify-model';

/** A public profile (`openDetail`, `search`). */
export interface PublicProfile {
  id: number;
  nickName?: string | null;
  headImg?: string | null;
  avatar?: string | null;
  cover?: string | null;
  tags?: unknown;
  followCount?: number | null;
  fansCount?: number | null;
  like?: number | null;
  shareLink?: unknown;
  /** 1: the person made themselves a creator (becomeBlogger); a mark, not a permission. */
  isDeveloper?: number | null;
  createTime?: string | null;
}

/** A team as `teamsByUserId` shows it. */
export interface PublicTeam {
  id: number;
  name?: string | null;
  avatar?: string | null;
  remark?: string | null;
  memberCount?: number | null;
  role?: string | null;
}

/** The public site fields of `site/info`, with the chat-community link. */
export interface SiteInfo {
  name?: string | null;
  title?: string | null;
  description?: string | null;
  logo?: string | null;
  communityUrl?: string | null;
}

/** What `/health` answers. */
export interface Health {
  status?: string;
  db?: boolean;
  version?: string;
  time?: string;
}

const quiet = { silent: true } as const;

export const friendCalls = {
  /** My rows of every status. */
  mine: (me: number) => data('base/friend').list({ userId: me }) as Promise<FriendRow[]>,
  /** Requests waiting for my answer. */
  toMe: (me: number) => data('base/friend').list({ friendId: me, status: 0 }) as Promise<FriendRow[]>,
  add: (friendId: number) => calls.base.friend.add({ friendId }) as Promise<{ id: number; status: number }>,
  update: (body: { id: number; status?: 0 | 1 | 2 | 3; remark?: string | null }) => calls.base.friend.update(body) as Promise<null>,
  remove: (ids: number[]) => calls.base.friend.delete({ ids }) as Promise<{ count: number }>,
};

export const notifyCalls = {
  page: (page: number, size: number) => data('base/notify').page({ page, size }, quiet) as Promise<{ list: NotifyRow[]; pagination: { total: number } }>,
  unread: () =>
    data('base/notify')
      .page({ page: 1, size: 1, status: 0 }, quiet)
      .then((p) => Number(p.pagination.total) || 0),
  markRead: (id: number) => data('base/notify').update({ id, status: 1 }),
  readAll: () => calls.base.notify.readAll() as Promise<{ count: number }>,
};

export const peopleCalls = {
  search: (keyWord: string) => shaped<PublicProfile[]>(calls.base.sys.user.search({ keyWord })),
  /** `name`: the username, or an id written in digits. Silent: the page shows a 404 itself. */
  detail: (name: string) => shaped<PublicProfile>(calls.base.sys.user.openDetail({ name }, quiet)),
  teams: (userId: number) => calls.base.groupMember.teamsByUserId({ userId }, quiet) as Promise<PublicTeam[]>,
};

export const siteCalls = {
  info: () => calls.base.site.info({}, { ...quiet, skipAuth: true }) as Promise<SiteInfo>,
  health: () => api.get<Health>('/health', { ...quiet, skipAuth: true }),
};

/** The picture to show for a person: the profile picture, else the avatar image. */
export function pictureOf(p: { headImg?: string | null; avatar?: string | null }): string | undefined {
  return p.headImg || p.avatar || undefined;
}
