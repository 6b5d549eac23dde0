/**
 * The words an entity declaration and its access rules share: the CRUD action names, the caller
 * and a row. They sit apart from define.ts so that access.ts and define.ts need not import each
 * other.
 */
export type ActionName = 'add' | 'update' | 'delete' | 'info' | 'list' | 'page';

export interface AuthUser {
  id: number;
  username: string;
  roleIds: number[];
  departmentId: number | null;
  isAdmin: boolean;
  /** Data scope: departments whose users' rows this caller may touch; null (or absent) means every row. */
  scope?: number[] | null;
  /** Set only on the SYSTEM caller (see access.ts): work the server does on its own behalf. */
  system?: boolean;
  /** On a system caller made by `systemFor`: the person whose request the work is done for (kept as the operator of records such as recycle entries). */
  actor?: { id: number; username: string };
}

export type Row = Record<string, unknown>;
