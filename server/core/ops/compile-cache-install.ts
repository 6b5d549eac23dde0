/** Installs the start-up code cache (compile-cache.ts) as a side effect: the production entry imports it first. */
import { installCompileCache } from './compile-cache';

export const compileCache = installCompileCache();
