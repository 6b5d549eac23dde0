/**
 * The MCP resources: one per entity the caller may use at least one action of (an entity behind one
 * of the tools they are offered: the tool set and an API key's scope narrow both alike), at
 * `cosmac://entity/<module>/<name>`, whose content is
 * the entity's JSON Schema as /eps gives it: the row, with the shapes of `add` and `update` beside.
 */
import type { Caller, Core, Entity, Lang } from '../../core/api';
import { offeredTools } from './mcp-tools';

const PREFIX = 'cosmac://entity/';

export function entityUri(e: Entity): string {
  return `${PREFIX}${e.module}/${e.name}`;
}

/** The entities `caller` may use an action of among the modules of `set` (every module when null), by uri. */
export function offeredEntities(core: Core, caller: Caller, set: ReadonlySet<string> | null): Map<string, Entity> {
  const out = new Map<string, Entity>();
  for (const { route } of offeredTools(core, caller, set).values()) {
    const e = route.entity;
    // A hand-written group's entity only describes its answers; it is not a table of the model.
    if (e && core.model.byKey.get(e.key) === e) out.set(entityUri(e), e);
  }
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
}

/** What resources/list says of one entity, in `lang`. */
export function listedResource(e: Entity, lang: Lang) {
  return {
    uri: entityUri(e),
    name: e.key,
    title: e.label[lang] || e.label.en,
    ...(e.description ? { description: e.description } : {}),
    mimeType: 'application/schema+json',
  };
}

/** The JSON Schema document of `e`: its row, with the inputs of add and update as definitions. */
export function entitySchema(e: Entity, lang: Lang): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: entityUri(e),
    title: e.label[lang] || e.label.en,
    ...(e.description ? { description: e.description } : {}),
    ...e.schema.row,
    $defs: { add: e.schema.add, update: e.schema.update },
  };
}
