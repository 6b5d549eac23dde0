/** The shapes of the six CRUD calls, typed by entity key from the generated entity types. */
import type { ENTITY_ACTIONS, EntityAdds, EntityKey, EntityRows, EntityUpdates } from '../../generated/entities';

export type { EntityKey };
export type CrudAction = 'add' | 'update' | 'delete' | 'info' | 'list' | 'page';

/** The CRUD actions entity `K` declares: `data('base/site').page` does not compile, base/site has no page. */
export type ActionsOf<K extends EntityKey> = keyof (typeof ENTITY_ACTIONS)[K] & CrudAction;

/** A stored row as the server returns it: every field may be left out by access rules, never the id. */
export type Row<K extends EntityKey> = EntityRows[K] & { readonly id: number };

/** Equality filters on a row's fields; an array means IN. */
export type Filters<K extends EntityKey> = {
  [F in keyof EntityRows[K]]?: EntityRows[K][F] | ReadonlyArray<NonNullable<EntityRows[K][F]>>;
};

/** The body of `list`: filters, a keyword over the keyword fields, and an order. */
export type ListQuery<K extends EntityKey> = Filters<K> & {
  keyWord?: string;
  order?: keyof EntityRows[K] & string;
  sort?: 'asc' | 'desc';
};

/** The body of `page` (docs/reference/api.md): paging on top of the list query. */
export type PageQuery<K extends EntityKey> = ListQuery<K> & { page?: number; size?: number };

export interface PageResult<T> {
  list: T[];
  pagination: { page: number; size: number; total: number };
}

export type AddBody<K extends EntityKey> = EntityAdds[K];
export type UpdateBody<K extends EntityKey> = EntityUpdates[K];

/** Entities that declare action `A`. */
export type KeyWith<A extends CrudAction> = { [K in EntityKey]: A extends ActionsOf<K> ? K : never }[EntityKey];
