/**
 * The naming rules of entity declarations, in one place: normalize.ts enforces them on every
 * declaration, codegen/scaffold-entity.ts before it writes a file, and the code helper's input
 * check (server/modules/coding/coding-input.ts) before it loads the generator at all.
 */

/** A module: lower-case letters and digits, starting with a letter (`base`, `goods`, `demo2`). */
export const MODULE_NAME = /^[a-z][a-z0-9]*$/;

/** An entity name: camelCase segments separated by `/` (`goods`, `sys/user`, `searchKeyword`). */
export const ENTITY_NAME = /^[a-z][A-Za-z0-9]*(\/[a-z][A-Za-z0-9]*)*$/;

/** A field, table or dictionary name: a letter, then letters, digits and `_`. */
export const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;
