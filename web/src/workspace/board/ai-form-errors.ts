/**
 * A refused AI member (1002) onto the AI member forms, whose fields are flat (`cost`) where the
 * server names the config's path (`ai.config.cost`, `config.cost`). The server's text starts with
 * that path; under the field's own label it is left out.
 */
import { fieldErrors } from '../../app/data';

export function aiFormErrors<K extends string>(e: unknown, formField: Record<string, K>): Array<{ name: K; errors: string[] }> {
  return fieldErrors(e).flatMap((f) => {
    const name = formField[f.name];
    if (!name) return [];
    return [{ name, errors: f.errors.map((text) => (text.startsWith(`${f.name} `) ? text.slice(f.name.length + 1) : text)) }];
  });
}
