/** TypeORM EntitySchemas from the model, for services that want a repository. The schema itself is built by schema.ts. */
import { EntitySchema, type EntitySchemaColumnOptions } from 'typeorm';
import type { Entity, Field } from '../entity/model';
import type { Dialect } from './db';

function columnType(f: Field, dialect: Dialect): EntitySchemaColumnOptions['type'] {
  switch (f.type) {
    case 'string': return 'varchar';
    case 'text': case 'json': return dialect === 'mysql' ? 'longtext' : 'text';
    case 'int': return 'int';
    case 'bigint': return 'bigint';
    case 'float': return dialect === 'mysql' ? 'double' : 'real';
    case 'decimal': return 'decimal';
    case 'boolean': return dialect === 'mysql' ? 'tinyint' : 'boolean';
    case 'datetime': return 'datetime';
  }
}

export function toEntitySchemas(entities: Entity[], dialect: Dialect): EntitySchema[] {
  return entities.map((e) => {
    const columns: Record<string, EntitySchemaColumnOptions> = {};
    for (const f of e.columns) {
      columns[f.name] = f.name === 'id'
        ? { type: 'int', primary: true, generated: 'increment' }
        : {
            type: columnType(f, dialect),
            nullable: f.nullable,
            ...(f.length ? { length: f.length } : {}),
            ...(f.precision ? { precision: f.precision, scale: f.scale ?? 0 } : {}),
            ...(f.hidden ? { select: false } : {}),
            ...(f.collation === 'binary' && dialect === 'mysql' ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {}),
          };
    }
    return new EntitySchema({ name: e.key, tableName: e.table, columns });
  });
}
