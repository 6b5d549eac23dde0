/**
 * Who may fetch a file of the file space, said in one place for every kind of private file (bought
 * attachments, chat files, group knowledge): its uploader, an administrator, or whoever the row's
 * scope grants it to. A scope is a name (`group`) and an id (`scopeId`); the module that owns what
 * the name means registers the rule (`registerFileScope`), e.g. base/group: the members of group
 * scopeId. A scope nobody registered grants nothing, and an upload cannot name it. Who may name a
 * scope in an upload is the scope's share rule: by default whoever holds its grant (a member shares
 * with their own group); a scope may say otherwise (chat's `user` scope: a user the uploader may write
 * to, who is not the uploader). A grant
 * (`registerFileGrant`) gives files whatever their scope, by a rule of the file itself, e.g.
 * goods/purchase: the buyers of a listing that sells the file.
 *
 * @example
 * ```ts
 * registerFileScope('group', (core, user, groupId) => isMember(core, groupId, user.id));
 * if (!(await mayFetchFile(core, user, row))) throw fail.forbidden(PRIVATE_FILES.private_file_refused);
 * ```
 */
import type { AnyMessageKey, AuthUser, Core } from '../../core/api';
import { PRIVATE_FILES } from './private-files.messages';

/** Whether `user` holds the grant of scope id `scopeId` (e.g. is a member of that group). */
export type FileScopeRule = (core: Core, user: AuthUser, scopeId: number) => Promise<boolean>;

/** How a scope is shared, beside whom it grants. */
export interface FileScopeOptions {
  /** Whether `user` may upload a file shared with scope id `scopeId` (default: the scope's rule, they hold it). */
  share?: FileScopeRule;
  /** The message of a refused share (default: private_scope_refused, "only with a group you belong to"). */
  refused?: AnyMessageKey;
}

interface FileScope extends FileScopeOptions {
  rule: FileScopeRule;
}

const scopes = new Map<string, FileScope>();

/** Registers (or replaces) what sharing a file with `name` grants, and who may share with it. */
export function registerFileScope(name: string, rule: FileScopeRule, options: FileScopeOptions = {}): void {
  scopes.set(name, { rule, ...options });
}

/** The scope names an upload may give. */
export function fileScopes(): string[] {
  return [...scopes.keys()].sort();
}

/** Whether `user` holds the grant of `scope`/`scopeId`; false for an unknown scope. */
export async function holdsFileScope(core: Core, user: AuthUser, scope: string, scopeId: number): Promise<boolean> {
  const s = scopes.get(scope);
  return !!s && (await s.rule(core, user, scopeId));
}

/**
 * Whether `user` may upload a file shared with `scope`/`scopeId`: null when they may, else the
 * message of the refusal (an unknown scope is refused too).
 */
export async function shareRefusal(core: Core, user: AuthUser, scope: string, scopeId: number): Promise<AnyMessageKey | null> {
  const s = scopes.get(scope);
  if (s && (await (s.share ?? s.rule)(core, user, scopeId))) return null;
  return s?.refused ?? PRIVATE_FILES.private_scope_refused;
}

/** Whether `user` may fetch the file `row` by a grant of the module that registered it (a purchase...). */
export type FileGrantRule = (core: Core, user: AuthUser, row: FileGrant) => Promise<boolean>;

const grants = new Map<string, FileGrantRule>();

/** Registers (or replaces) the grant `name`: a rule that may give `user` a file whatever its scope. */
export function registerFileGrant(name: string, rule: FileGrantRule): void {
  grants.set(name, rule);
}

/** Whether any registered grant gives `user` the file `row`. */
async function holdsFileGrant(core: Core, user: AuthUser, row: FileGrant): Promise<boolean> {
  for (const rule of grants.values()) if (await rule(core, user, row)) return true;
  return false;
}

/** The fields of a space/info row that decide who may fetch it. */
export interface FileGrant {
  id: number;
  userId: number | null;
  scope: string | null;
  scopeId: number | null;
}

/** Whether `user` may fetch the file of `row`: its uploader, an administrator, a holder of its scope's grant or of a registered grant. */
export async function mayFetchFile(core: Core, user: AuthUser, row: FileGrant): Promise<boolean> {
  if (user.isAdmin || (row.userId !== null && row.userId === user.id)) return true;
  if (row.scope !== null && row.scopeId !== null && (await holdsFileScope(core, user, row.scope, row.scopeId))) return true;
  return holdsFileGrant(core, user, row);
}
