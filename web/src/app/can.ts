/** The permission check of 000 §6, pure so that it can be tested on its own. */
/**
 * 000 §6: a check passes when any held permission contains the requested string (spaces stripped).
 * `can('base:sys:user:add')`, `can({ or: [...] })`, `can({ and: [...] })`.
 */
export type PermCheck = string | { or: string[] } | { and: string[] };

export function canWith(perms: readonly string[], check: PermCheck): boolean {
  const one = (p: string) => {
    const want = p.replace(/\s/g, '');
    return want !== '' && perms.some((held) => held.replace(/\s/g, '').includes(want));
  };
  if (typeof check === 'string') return one(check);
  if ('or' in check) return check.or.some(one);
  return check.and.every(one);
}
