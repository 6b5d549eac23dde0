/**
 * A group tile's board: its members laid out in the group's `rows` x `cols` grid.
 *
 * Decisions the spec leaves open: members fill the grid in the server's order (the owner first,
 * then by joining); cells left over stay empty; when there are more members than cells, the first
 * rows*cols are shown and the rest are counted as "+N" (the count uses the group's memberCount when
 * that is larger than the list, since the list may lag behind it).
 */

export const GRID_MIN = 1;
export const GRID_MAX = 12;
export const GRID_DEFAULT = 2;

/** A board dimension as the server takes it: an integer 1..12, the default 2 when missing or odd. */
export function gridSize(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n)) return GRID_DEFAULT;
  return Math.max(GRID_MIN, Math.min(GRID_MAX, Math.round(n)));
}

export interface Grid<T> {
  rows: number;
  cols: number;
  /** rows*cols cells, row by row: a member or null (an empty cell). */
  cells: Array<T | null>;
  /** Members not shown ("+N"); 0 when all fit. */
  extra: number;
}

/** Lays `members` out in a rows x cols grid. */
export function gridOf<T>(members: readonly T[], rows: unknown, cols: unknown, memberCount?: number): Grid<T> {
  const r = gridSize(rows);
  const c = gridSize(cols);
  const size = r * c;
  const cells: Array<T | null> = members.slice(0, size);
  while (cells.length < size) cells.push(null);
  const total = Math.max(members.length, Number.isFinite(memberCount) ? Number(memberCount) : 0);
  return { rows: r, cols: c, cells, extra: Math.max(0, total - size) };
}

/** One or two letters standing for a name in an avatar without a picture. */
export function initials(name: string): string {
  const s = name.trim();
  if (!s) return '?';
  const words = s.split(/[\s\-_.]+/).filter(Boolean);
  // CJK names read best as their first character; latin names as the first letters of two words.
  if (/^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(s)) return [...s][0];
  const letters = words.length > 1 ? [...words[0]][0] + [...words[1]][0] : [...(words[0] ?? s)].slice(0, 2).join('');
  return letters.toUpperCase();
}

/** The name a member shows: the group-specific name, else the nickName, else `#userId`. */
export function memberName(m: { name?: unknown; nickName?: unknown; userId?: unknown }): string {
  for (const v of [m.name, m.nickName]) if (typeof v === 'string' && v.trim()) return v.trim();
  return `#${String(m.userId ?? '')}`;
}

/** The picture a member shows: the group-specific avatar, else the user's headImg; undefined for none. */
export function memberPicture(m: { avatar?: unknown; headImg?: unknown }): string | undefined {
  for (const v of [m.avatar, m.headImg]) if (typeof v === 'string' && v.trim()) return v.trim();
  return undefined;
}

const PALETTE = ['#fa9819', '#1677ff', '#52c41a', '#eb2f96', '#722ed1', '#13c2c2', '#fa541c', '#2f54eb'];

/** A steady background colour for an avatar without a picture, by user id. */
export function avatarColor(id: number): string {
  const n = Number.isSafeInteger(id) ? Math.abs(id) : 0;
  return PALETTE[n % PALETTE.length];
}
