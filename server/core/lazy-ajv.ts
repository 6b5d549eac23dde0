/**
 * ajv, loaded and compiled on first use. Loading the package (and ajv-formats) and compiling the
 * schemas that modules used to compile as they were imported took about a sixth of a start on a
 * small machine, mostly for validators a process may not need for a while (task parameters, plugin
 * manifests, the code helper's field lists). Nothing here loads ajv before a validator is called.
 *
 *   const ajv = lazyAjv({ allErrors: true, strict: false });
 *   const checkItem = lazyValidator(ajv, FIELD_SCHEMA);   // compiled on its first call
 *   ajv().compile(schema);                                 // an instance made on first use
 */
import type Ajv from 'ajv';
import type { Options, ValidateFunction } from 'ajv';

/** An ajv instance with `options` (and `setup` run on it), made on the first call. */
export function lazyAjv(options: Options, setup?: (ajv: Ajv) => void): () => Ajv {
  let made: Ajv | null = null;
  return () => {
    if (!made) {
      const { default: AjvClass } = require('ajv') as typeof import('ajv');
      made = new AjvClass(options);
      setup?.(made);
    }
    return made;
  };
}

/** ajv-formats' formats `names` (all when absent) on `ajv`, the package loaded here on first use. */
export function addFormats(ajv: Ajv, names?: string[]): void {
  const { default: formats } = require('ajv-formats') as typeof import('ajv-formats');
  if (names) formats(ajv, names as Parameters<typeof formats>[1]);
  else formats(ajv);
}

/**
 * A validator of `schema` compiled by `ajv()` on its first call; like ajv's own, it leaves the
 * last call's errors on `.errors`.
 */
export function lazyValidator(ajv: () => Ajv, schema: object): ValidateFunction {
  let compiled: ValidateFunction | null = null;
  const check = ((data: unknown) => {
    compiled ??= ajv().compile(schema);
    const ok = compiled(data);
    check.errors = compiled.errors;
    return ok;
  }) as ValidateFunction;
  return check;
}
