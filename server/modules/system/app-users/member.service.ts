/**
 * cool-admin's `user/info` calls over our members (see member-view.ts for what they show and why):
 * reads through member.queries.ts, writes through the sys/user operations.
 */
import { parseQuery, rowCodec, checkRow, dropIgnored, asId, isObject, parseIds, fail, type InvalidField, objectBody, fieldRule } from '../../../core/api';
import type { Core, AuthUser, Row, Entity } from '../../../core/api';
import { memberRoleId } from '../member.service';
import { CONSTANT_FIELDS, MEMBER_COLUMNS, UNKNOWN_GENDER, columnOf, toMember, toUserChanges } from './member-view';
import { memberClause, memberIds, memberRows } from './member.queries';
import { USER_FIELD_MESSAGES, USER_MESSAGES } from './user.messages';

/** Every call is the administrator's (their routes' guard, info.routes.ts): the view shows every member, whatever a role's data scope. */
export class MemberService {
  private readonly users: Entity;
  private readonly select: string;
  private readonly decode: (row: Row) => Row;

  constructor(
    private readonly core: Core,
    private readonly view: Entity,
  ) {
    this.users = core.model.system('users');
    this.select = MEMBER_COLUMNS.map((c) => core.db.q(c)).join(', ');
    this.decode = rowCodec(
      this.users,
      MEMBER_COLUMNS.map((c) => this.users.byName.get(c)!),
    ).decode;
  }

  /** A gender or loginType filter: whether the constant value of every row passes it. */
  private static constantPasses(field: string, raw: unknown): boolean {
    const values = Array.isArray(raw) ? raw : [raw];
    if (values.length === 0) throw fail.bad('bad_filter_value', { field });
    const numbers = values.map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v));
    if (!numbers.every((n) => typeof n === 'number' && Number.isSafeInteger(n))) throw fail.bad('bad_filter_value', { field });
    return numbers.includes(CONSTANT_FIELDS[field]);
  }

  private async read(caller: AuthUser, body: unknown, mode: 'page' | 'list') {
    const b = body === undefined || body === null ? {} : objectBody(body);
    const query: Row = {};
    let none = false;
    for (const [k, v] of Object.entries(b)) {
      if (v === undefined || v === null || v === '') continue;
      if (k === 'keyWord') continue;
      if (k in CONSTANT_FIELDS) none ||= !MemberService.constantPasses(k, v);
      else if (k === 'order') {
        // Only the view's fields; an order on a constant one is no order, the others are sys/user columns.
        if (typeof v !== 'string' || !this.view.byName.has(v)) throw fail.bad('bad_order', { field: String(v).slice(0, 64) });
        const col = columnOf(v);
        if (col !== null) query.order = col;
      } else if (['page', 'size', 'sort', 'status'].includes(k)) query[k] = v;
      else throw fail.bad('bad_filter', { field: k });
    }
    const kw = b.keyWord;
    if (kw !== undefined && kw !== null && kw !== '' && typeof kw !== 'string' && typeof kw !== 'number') throw fail.bad('bad_keyword');
    const keyWord = kw === undefined || kw === null || kw === '' ? null : String(kw).slice(0, 200);
    const scope = memberClause(this.core, await memberRoleId(this.core), keyWord);
    const pq = parseQuery(this.users, query, mode, this.core.db.q, scope);
    if (none) return { rows: [] as Row[], total: 0, page: pq.page, size: pq.size };
    const { rows, total } = await memberRows(this.core, this.select, pq, mode === 'page');
    return { rows: rows.map((r) => toMember(this.decode(r))), total, page: pq.page, size: pq.size };
  }

  async page(caller: AuthUser, body: unknown) {
    const r = await this.read(caller, body, 'page');
    return { list: r.rows, pagination: { page: r.page, size: r.size, total: r.total } };
  }

  async list(caller: AuthUser, body: unknown): Promise<Row[]> {
    return (await this.read(caller, body, 'list')).rows;
  }

  /** Refuses (404) unless every one of `ids` is a live member. */
  private async assertMembers(ids: number[]): Promise<void> {
    const found = await memberIds(this.core, await memberRoleId(this.core), ids);
    if (found.length !== ids.length) throw fail.notFound(ids.length === 1 ? 'record_not_found' : USER_MESSAGES.member_missing);
  }

  async info(caller: AuthUser, idValue: unknown): Promise<Row> {
    const id = asId(idValue);
    await this.assertMembers([id]);
    return toMember(await this.core.ops.info(this.users, id, caller));
  }

  /** The client sends the whole row back with its changes: read-only fields are ignored, the rest checked. */
  async update(caller: AuthUser, body: unknown): Promise<null> {
    const b = objectBody(body);
    const data = dropIgnored(this.view, b, 'update');
    const errors: InvalidField[] = checkRow(this.view, data, 'update');
    if (!errors.some((e) => e.field === 'gender') && data.gender !== undefined && data.gender !== UNKNOWN_GENDER) {
      errors.push({ field: 'gender', rule: fieldRule(USER_FIELD_MESSAGES.field_member_gender_unknown), params: {} });
    }
    if (errors.length) throw fail.invalid(errors);
    const id = asId(data.id);
    await this.assertMembers([id]);
    return this.core.ops.update(this.users, toUserChanges(id, data), caller);
  }

  async delete(caller: AuthUser, body: unknown): Promise<{ count: number }> {
    if (!isObject(body)) throw fail.bad('body_not_object');
    const ids = parseIds(body.ids);
    await this.assertMembers(ids);
    return this.core.ops.delete(this.users, { ids }, caller);
  }
}
