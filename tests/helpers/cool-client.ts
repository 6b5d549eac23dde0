/**
 * What cool-admin's own admin client (github.com/cool-team-official/cool-admin-vue, branch 7.x)
 * and its build plugin (@cool-vue/vite-plugin 7.2.7, the version its package.json range picks)
 * need of our answers, written down from reading their source (none of it is copied here):
 *
 * - The build plugin fetches `GET /admin/base/open/eps` without a token (plugin dist/index.js,
 *   getData), flattens the module-keyed answer and writes TypeScript declarations from it
 *   (createDescribe, formatted with prettier, whose rejection nobody awaits: a syntax error ends
 *   the build). An entry's `name` becomes an interface name and, unchanged, the row type of its
 *   page/list/info; the last segment of each `api[].path` becomes a method name and a key of
 *   the `permission` object; a column's `type` is mapped to a TypeScript type (varchar, text,
 *   simple-json -> string; simple-array -> string[]; datetime, date -> Date; tinyint, int,
 *   decimal -> number; bigint -> BigInt) or written as it is; summaries and column comments go
 *   into block comments.
 * - `generatorProblems` lists what in an /eps answer breaks those rules.
 */

export interface CoolEpsApi {
  method: string;
  path: string;
  summary?: string;
  name?: string;
  /** Our default shape only. */
  public?: boolean;
}

export interface CoolEpsEntry {
  name?: string;
  prefix: string;
  api: CoolEpsApi[];
  columns?: Array<{ propertyName: string; type: string; comment?: string }>;
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Column types the generator maps, and the names it writes as they are that TypeScript knows. */
const KNOWN_TYPES = new Set([
  'varchar',
  'text',
  'simple-json',
  'simple-array',
  'datetime',
  'date',
  'tinyint',
  'int',
  'decimal',
  'bigint',
  'boolean',
  'json',
  'string',
  'number',
  'any',
]);

/** Every place where an /eps answer would make the generator write broken TypeScript. */
export function generatorProblems(eps: Record<string, CoolEpsEntry[]>): string[] {
  const out: string[] = [];
  for (const e of Object.values(eps).flat()) {
    const where = e.prefix;
    if (typeof e.prefix !== 'string' || !e.prefix.startsWith('/')) out.push(`${where}: prefix`);
    if (e.name && !IDENT.test(e.name)) out.push(`${where}: name ${e.name}`);
    for (const a of e.api ?? []) {
      const method = a.name || a.path.split('/').pop() || '';
      if (!IDENT.test(method)) out.push(`${where}: method ${a.path}`);
      if ((a.summary ?? '').includes('*/')) out.push(`${where}: summary of ${a.path}`);
    }
    for (const c of e.columns ?? []) {
      if (!IDENT.test(c.propertyName)) out.push(`${where}: column ${c.propertyName}`);
      if (!KNOWN_TYPES.has(c.type)) out.push(`${where}: type ${c.type} of ${c.propertyName}`);
      if ((c.comment ?? '').includes('*/')) out.push(`${where}: comment of ${c.propertyName}`);
    }
  }
  return out;
}

/** The entity type names the client's own source refers to (`Eps.BaseSysUserEntity`...). */
export const CLIENT_ENTITY_NAMES = [
  'BaseSysDepartmentEntity',
  'BaseSysMenuEntity',
  'BaseSysUserEntity',
  'DemoGoodsEntity',
  'PluginInfoEntity',
  'SpaceInfoEntity',
  'TaskInfoEntity',
  'UserInfoEntity',
];

export interface ClientMenu {
  id: number;
  parentId: number | null;
  type: number;
  orderNum: number;
  router: string | null;
  viewPath: string | null;
}

/**
 * The menu the client opens as its home page: src/modules/base/store/menu.ts (setGroup, getPath)
 * drops the buttons, builds the tree with src/cool/utils deepTree (sorted by orderNum, a row whose
 * parent is not in the list being a root) and takes the first screen depth-first.
 */
export function clientHome(menus: ClientMenu[]): ClientMenu | null {
  const rows = menus.filter((m) => m.type !== 2).map((m, i) => ({ m, i }));
  rows.sort((a, b) => a.m.orderNum - b.m.orderNum || a.i - b.i);
  const byId = new Map(rows.map(({ m }) => [m.id, m]));
  const children = new Map<number | null, ClientMenu[]>();
  for (const { m } of rows) {
    const parent = m.parentId !== null && byId.has(m.parentId) ? m.parentId : null;
    (children.get(parent) ?? children.set(parent, []).get(parent)!).push(m);
  }
  const first = (list: ClientMenu[]): ClientMenu | null => {
    for (const m of list) {
      if (m.type === 1) return m;
      const inner = first(children.get(m.id) ?? []);
      if (inner) return inner;
    }
    return null;
  };
  return first(children.get(null) ?? []);
}
