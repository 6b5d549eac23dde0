/**
 * The event catalogue of the `notify` hook. An event is declared in code, in the module that owns
 * its entity (`server/modules/**\/*.events.ts`, imported at start-up like `*.task.ts`), with
 * {@link defineEvent}: which entity, which row changes it reports, and which fields of the row it
 * carries. After a write through the operations has committed, on the instance that wrote,
 * {@link eventsOf} turns the rows it changed into events for the enabled notifier.
 *
 * Only readable fields of the entity can be named (checked when the manager starts, see
 * {@link checkCatalogue}): never a hidden or write-only column, so no password hash, token or
 * secret can ride along. A write that names no rows (a bulk purge) emits nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Labels, Row } from '../entity/define';
import type { Entity, Model } from '../entity/model';
import { planFor } from '../crud/plan';
import type { RowChange } from '../crud/totals';
import type { PluginEvent } from './contract';

/** A row change as an event definition sees it: decoded rows, null before an add or after a delete. */
export interface EventChange {
  before: Row | null;
  after: Row | null;
}

export interface EventDef {
  /** The entity whose writes it reports, as `module/name` (`base/sys/user`). */
  entity: string;
  /** What it means, in the three languages (the catalogue call and docs/reference/calls/plugins.md show it). */
  summary: Labels;
  /** The fields of `data`, read from the row after the change (before it, for a delete). */
  fields: string[];
  /** Fields of `data` read from an entity field of another name (`{ groupId: 'toId' }`). */
  source?: Record<string, string>;
  /** Whether this change is one the event reports. */
  when(change: EventChange): boolean;
}

/** One entry of the catalogue call. */
export interface CatalogueEntry {
  name: string;
  entity: string;
  summary: Labels;
  fields: string[];
}

const NAME = /^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)+$/;
const defs = new Map<string, EventDef>();
let byEntity: Map<string, Array<[string, EventDef]>> | null = null;

/**
 * Adds event `name` to the catalogue (once per process; a second definition of the name throws).
 *
 * @example
 * ```ts
 * // server/modules/commerce/goods/order/order.events.ts
 * import { defineEvent } from '../../../core/plugins/events';
 * import { l } from '../../../core/entity/define';
 *
 * defineEvent('order.paid', {
 *   entity: 'goods/order',
 *   summary: l('An order was paid', '订单已支付', '訂單已付款'),
 *   fields: ['id', 'orderNo', 'userId', 'payAmount', 'currency'],
 *   when: ({ before, after }) => !!after && Number(after.status) === 1 && Number(before?.status) !== 1,
 * });
 * ```
 */
export function defineEvent(name: string, def: EventDef): EventDef {
  if (!NAME.test(name)) throw new Error(`event name '${name}' is not valid (dotted lower camel case)`);
  if (defs.has(name)) throw new Error(`event '${name}' is defined twice`);
  defs.set(name, def);
  byEntity = null;
  return def;
}

/** The catalogue, by name. */
export function catalogue(): CatalogueEntry[] {
  return [...defs].sort(([a], [b]) => a.localeCompare(b)).map(([name, d]) => ({ name, entity: d.entity, summary: d.summary, fields: [...d.fields] }));
}

/** Throws when an event names an entity the model lacks or a field that is not readable. */
export function checkCatalogue(model: Model): void {
  for (const [name, d] of defs) {
    const e = model.byKey.get(d.entity);
    if (!e) throw new Error(`event '${name}': no entity '${d.entity}'`);
    const readable = new Set(e.readable.filter((f) => !f.virtual).map((f) => f.name));
    for (const f of d.fields) {
      const from = d.source?.[f] ?? f;
      if (!readable.has(from)) throw new Error(`event '${name}': '${from}' is not a readable field of ${d.entity}`);
    }
  }
}

/** Whether any event reports writes to `e` (the cheap test made on every write). */
export function hasEvents(e: Entity): boolean {
  return index().has(e.key);
}

function index(): Map<string, Array<[string, EventDef]>> {
  if (!byEntity) {
    byEntity = new Map();
    for (const [name, d] of defs) (byEntity.get(d.entity) ?? byEntity.set(d.entity, []).get(d.entity)!).push([name, d]);
  }
  return byEntity;
}

/** A stored row as the API would answer it (readable columns only, decoded). */
function decoded(e: Entity, row: Record<string, unknown> | null): Row | null {
  if (!row) return null;
  const copy: Row = {};
  for (const f of e.readable) if (!f.virtual) copy[f.name] = row[f.name];
  return planFor(e).codec.decode(copy);
}

/** The events the committed `rows` of `e` make, in order. */
export function eventsOf(e: Entity, rows: RowChange[] | null, now = new Date()): PluginEvent[] {
  const list = index().get(e.key);
  if (!list || !rows) return [];
  const out: PluginEvent[] = [];
  const time = now.toISOString();
  for (const r of rows) {
    const change = { before: decoded(e, r.before), after: decoded(e, r.after) };
    for (const [name, d] of list) {
      if (!d.when(change)) continue;
      const row = change.after ?? change.before!;
      const data: Record<string, unknown> = {};
      for (const f of d.fields) data[f] = row[d.source?.[f] ?? f] ?? null;
      out.push({ name, id: randomUUID(), time, data });
    }
  }
  return out;
}
