/**
 * Who and what the chat screens name: the member's groups (`group/list2`), people's public
 * profiles (`sys/user/openDetail`) and each open group's members (`groupMember/memberList`), with
 * who is online. A small cache shared by the conversation list and the panels, so twenty rows of
 * one friend cost one call. Framework-free: `subscribe` + `version()` for useSyncExternalStore.
 *
 *   const dir = createDirectory({ groups: () => …, user: (id) => …, members: (groupId) => … });
 *   await dir.ensureMembers(7);
 *   dir.member(7, 12)?.name;
 *
 * Decisions the spec leaves open:
 * - One call per key at a time; a profile is asked once per session (a failed one is remembered
 *   as unknown, shown with a fallback name). Groups and member lists are asked again when older
 *   than the `maxAgeMs` a caller gives (renames, joins).
 * - A `members` notice (someone joined, was added, left or was renamed) reads a held member list
 *   again at once, so an open chat names a new member and offers them to @ without a reload.
 * - Online state: a member list sets it for its members, `presence` notices change it after that.
 * - A member's shown name is the group-specific `name`, else the user's nickName; likewise the
 *   avatar (`avatar`, else `headImg`).
 */

export interface GroupRow {
  id: number;
  name?: string | null;
  avatar?: string | null;
  type?: number | null;
  memberCount?: number | null;
}

export interface ProfileRow {
  id: number;
  nickName?: string | null;
  headImg?: string | null;
  avatar?: string | null;
}

export interface MemberRow {
  userId: number;
  name?: string | null;
  nickName?: string | null;
  avatar?: string | null;
  headImg?: string | null;
  userType?: number | null;
  online?: boolean | number | null;
  role?: string | null;
}

export interface Profile {
  id: number;
  name: string;
  avatar?: string;
}

export interface Member extends Profile {
  ai: boolean;
  role?: string;
}

export interface DirectoryLoaders {
  groups(): Promise<GroupRow[]>;
  user(id: number): Promise<ProfileRow>;
  members(groupId: number): Promise<{ list: MemberRow[]; pagination?: { total?: number } }>;
}

export interface Directory {
  group(id: number): GroupRow | undefined;
  groupsLoaded(): boolean;
  /** undefined: not asked yet or on its way; null: unknown (not found, or the call failed). */
  user(id: number): Profile | null | undefined;
  members(groupId: number): readonly Member[] | undefined;
  member(groupId: number, userId: number): Member | undefined;
  memberCount(groupId: number): number | undefined;
  online(userId: number): boolean | undefined;
  setOnline(userId: number, online: boolean): void;
  ensureGroups(maxAgeMs?: number): Promise<void>;
  ensureUser(id: number): Promise<void>;
  ensureMembers(groupId: number, maxAgeMs?: number): Promise<void>;
  /**
   * Who is in the group changed (a `members` notice): a member list held is read again, after a
   * read under way (which may predate the change); a list not held stays unasked.
   */
  membersChanged(groupId: number): Promise<void>;
  subscribe(fn: () => void): () => void;
  version(): number;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

export function toMember(r: MemberRow): Member {
  return {
    id: Number(r.userId),
    name: text(r.name) ?? text(r.nickName) ?? '',
    avatar: text(r.avatar) ?? text(r.headImg),
    ai: Number(r.userType) === 1,
    role: text(r.role),
  };
}

export function toProfile(r: ProfileRow): Profile {
  return { id: Number(r.id), name: text(r.nickName) ?? '', avatar: text(r.headImg) ?? text(r.avatar) };
}

interface Timed<T> {
  value: T;
  at: number;
}

export function createDirectory(loaders: DirectoryLoaders, now: () => number = Date.now): Directory {
  const listeners = new Set<() => void>();
  let ver = 0;
  let groups: Timed<Map<number, GroupRow>> | null = null;
  const users = new Map<number, Profile | null>();
  const members = new Map<number, Timed<{ list: Member[]; byId: Map<number, Member>; total?: number }>>();
  const presence = new Map<number, boolean>();
  const inflight = new Map<string, Promise<void>>();

  const changed = () => {
    ver++;
    for (const fn of [...listeners]) fn();
  };

  /** Runs `load` once per key at a time; a failure leaves what was held. */
  function once(key: string, load: () => Promise<void>): Promise<void> {
    const running = inflight.get(key);
    if (running) return running;
    const p = load().finally(() => inflight.delete(key));
    inflight.set(key, p);
    return p;
  }

  const fresh = (t: { at: number } | null | undefined, maxAgeMs: number) => !!t && now() - t.at <= maxAgeMs;

  const dir: Directory = {
    group: (id) => groups?.value.get(id),
    groupsLoaded: () => groups !== null,
    user: (id) => users.get(id),
    members: (groupId) => members.get(groupId)?.value.list,
    member: (groupId, userId) => members.get(groupId)?.value.byId.get(userId),
    memberCount: (groupId) => members.get(groupId)?.value.total ?? groups?.value.get(groupId)?.memberCount ?? undefined,
    online: (userId) => presence.get(userId),
    setOnline(userId, online) {
      if (presence.get(userId) === online) return;
      presence.set(userId, online);
      changed();
    },
    ensureGroups(maxAgeMs = Infinity) {
      if (fresh(groups, maxAgeMs)) return Promise.resolve();
      return once('groups', async () => {
        try {
          const rows = await loaders.groups();
          groups = { value: new Map(rows.map((g) => [Number(g.id), g])), at: now() };
        } catch {
          groups ??= { value: new Map(), at: -Infinity }; // shown with fallback names; asked again by the next caller with a max age
        }
        changed();
      });
    },
    ensureUser(id) {
      if (users.has(id)) return Promise.resolve();
      return once(`user:${id}`, async () => {
        try {
          users.set(id, toProfile(await loaders.user(id)));
        } catch {
          users.set(id, null);
        }
        changed();
      });
    },
    ensureMembers(groupId, maxAgeMs = Infinity) {
      if (fresh(members.get(groupId), maxAgeMs)) return Promise.resolve();
      return once(`members:${groupId}`, async () => {
        try {
          const page = await loaders.members(groupId);
          const list = (page.list ?? []).map(toMember);
          for (const r of page.list ?? []) presence.set(Number(r.userId), r.online === true || r.online === 1);
          members.set(groupId, { value: { list, byId: new Map(list.map((m) => [m.id, m])), total: page.pagination?.total ?? list.length }, at: now() });
        } catch {
          if (!members.has(groupId)) members.set(groupId, { value: { list: [], byId: new Map() }, at: -Infinity });
        }
        changed();
      });
    },
    membersChanged(groupId) {
      if (!members.has(groupId)) return Promise.resolve();
      const again = () => dir.ensureMembers(groupId, -1);
      const running = inflight.get(`members:${groupId}`);
      return running ? running.then(again) : again();
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    },
    version: () => ver,
  };
  return dir;
}
