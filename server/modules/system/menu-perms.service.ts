/**
 * The permission keys of an entity (or of a group of hand-written calls), read from the route table
 * that /eps also reads: `parse` lists them for the console's permission picker, and `create` adds
 * a menu with one button per chosen key in one transaction (000 §5: "Auto-adding permissions
 * requires a permission name, entity data and at least one permission").
 */
import { fail, objectBody } from '../../core/api';
import type { Core, AuthUser, Row, Lang } from '../../core/api';
import { SYSADMIN, rule, type FieldProblem } from './sysadmin.messages';
import { MENU_TYPE_BUTTON, checkMenu, menuEntity, parentMenu } from './menu-write.service';

export interface ParsedPerm {
  key: string;
  method: string;
  path: string;
  summary: string;
}

export interface ParsedEntity {
  /** `module/name`, e.g. `base/sys/user`. */
  key: string;
  module: string;
  name: string;
  label: string;
  prefix: string;
  /** The router and view path a menu of this entity gets by default. */
  router: string;
  viewPath: string;
  perms: ParsedPerm[];
}

/** `entity: 'base/sys/user'` (or its prefix `/admin/base/sys/user`), or `module: 'base', entity: 'sys/user'`. */
function entityKey(body: Row): string | null {
  const { module, entity } = body;
  if (typeof entity !== 'string' || entity === '') return null;
  if (typeof module === 'string' && module !== '') return `${module}/${entity.replace(/^\/+/, '')}`;
  return entity.replace(/^\/admin\//, '').replace(/^\/+|\/+$/g, '');
}

/** What a group of routes offers, or null when it has no permission-guarded call. */
export function parseEntity(core: Core, key: string, lang: Lang): ParsedEntity | null {
  const perms: ParsedPerm[] = [];
  const seen = new Set<string>();
  for (const r of core.routes.all) {
    if (r.guard !== 'permission' || !r.permission || `${r.module}/${r.group}` !== key || seen.has(r.permission)) continue;
    seen.add(r.permission);
    perms.push({ key: r.permission, method: r.method, path: r.path, summary: r.summary[lang] });
  }
  if (!perms.length) return null;
  const slash = key.indexOf('/');
  const module = key.slice(0, slash);
  const name = key.slice(slash + 1);
  const e = core.model.byKey.get(key);
  return {
    key,
    module,
    name,
    label: e ? e.label[lang] : name,
    prefix: `/admin/${key}`,
    router: `/${key}`,
    viewPath: `crud:${key}`,
    perms,
  };
}

const unknownEntity = (): FieldProblem => ({ field: 'entity', rule: rule(SYSADMIN.field_menu_entity_unknown), params: {} });

export function parse(core: Core, named: { entity: string; module?: string | null }, lang: Lang): ParsedEntity {
  const key = entityKey(named);
  const parsed = key ? parseEntity(core, key, lang) : null;
  if (!parsed) throw fail.invalid([unknownEntity()] as never);
  return parsed;
}

/** The keys sent as a list or as comma-separated text. */
function sentKeys(v: unknown): string[] | null {
  if (v === undefined || v === null || v === '') return [];
  const list = typeof v === 'string' ? v.split(',') : v;
  if (!Array.isArray(list) || list.some((k) => typeof k !== 'string')) return null;
  return [...new Set((list as string[]).map((k) => k.trim()).filter(Boolean))];
}

export async function create(core: Core, body: unknown, user: AuthUser | null, lang: Lang): Promise<{ id: number; buttonIds: number[] }> {
  const { entity, module, perms: sent, parentId, ...menuFields } = objectBody(body);
  const errors: FieldProblem[] = [];
  const key = entityKey({ entity, module });
  const parsed = key ? parseEntity(core, key, lang) : null;
  if (!parsed) errors.push(unknownEntity());
  const keys = sentKeys(sent);
  if (keys === null) errors.push({ field: 'perms', rule: 'type', params: { type: 'array' } });
  else if (keys.length === 0) errors.push({ field: 'perms', rule: rule(SYSADMIN.field_menu_perms_none), params: {} });
  else if (parsed) {
    const own = new Set(parsed.perms.map((p) => p.key));
    const foreign = keys.find((k) => !own.has(k));
    if (foreign) errors.push({ field: 'perms', rule: rule(SYSADMIN.field_menu_perm_foreign), params: { key: foreign.slice(0, 100) } });
  }
  const menus = menuEntity(core);
  const menu = checkMenu(menus, {
    icon: 'icon-list',
    ...(parsed ? { router: parsed.router, viewPath: parsed.viewPath } : {}),
    ...menuFields,
    type: 1,
  });
  errors.push(...menu.errors);
  if (errors.length) throw fail.invalid(errors as never);
  const buttons = parsed!.perms.filter((p) => keys!.includes(p.key));
  return core.ops.transaction(user, async (t) => {
    const parent = await parentMenu(t, menus, parentId);
    const id = await t.addOne(menus, { ...menu.data, parentId: parent });
    const buttonIds: number[] = [];
    for (const [i, p] of buttons.entries()) {
      buttonIds.push(await t.addOne(menus, { parentId: id, name: p.summary, type: MENU_TYPE_BUTTON, perms: p.key, orderNum: i + 1 }));
    }
    return { id, buttonIds };
  });
}
