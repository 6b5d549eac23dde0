/**
 * The public API of the core: the only part of server/core that modules, entities and plugins
 * import (tests/unit/boundaries.test.ts says so). Each themed file re-exports by name, with a line
 * on what each export is for and an example for the main ones.
 *
 * @example
 * ```ts
 * import { call, defineRoutes, id, obj, INT, l, fail, type Core } from '../../core/api';
 * ```
 */
export * from './calls';
export * from './errors';
export * from './entities';
export * from './data';
export * from './auth';
export * from './platform';
export * from './plugins';
