/**
 * Markers for the permission matrix: every value seeded into member A's rows carries a unique short
 * marker ('Q' + 7 capitals or digits), remembered with the entity and field it was written to, so
 * any answer can be searched for what it reveals of A and where that came from.
 */
import { randomInt } from 'node:crypto';
import type { Field } from '../../server/core/entity/model';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export interface MarkerOrigin {
  /** Entity key, `module/name`. */
  entity: string;
  /** The fields holding it: one for a marker, several for a value the server copies (a file key in url, key, fileId). */
  fields: string[];
}

export interface FoundMarker extends MarkerOrigin {
  marker: string;
}

export class Markers {
  /** Lower-cased marker text -> where it was written. Found case-insensitively (addresses are lower-cased). */
  private readonly origins = new Map<string, MarkerOrigin>();

  /** A fresh marker for `entity.field`. */
  mark(entity: string, field: string): string {
    for (;;) {
      let m = 'Q';
      for (let i = 0; i < 7; i++) m += ALPHABET[randomInt(ALPHABET.length)];
      if (!this.origins.has(m.toLowerCase())) {
        this.origins.set(m.toLowerCase(), { entity, fields: [field] });
        return m;
      }
    }
  }

  /** Treats a value the server chose (a storage key) as a marker of the fields of `entity` that hold it. */
  register(text: string, entity: string, fields: string[]): void {
    this.origins.set(text.toLowerCase(), { entity, fields });
  }

  get size(): number {
    return this.origins.size;
  }

  /** Every marker in `answer` that `request` (what the caller sent, and so already knew) does not hold. */
  find(answer: string, request = ''): FoundMarker[] {
    const hay = answer.toLowerCase();
    const sent = request.toLowerCase();
    const out: FoundMarker[] = [];
    for (const [marker, origin] of this.origins) {
      if (hay.includes(marker) && !sent.includes(marker)) out.push({ marker, ...origin });
    }
    return out;
  }
}

/**
 * A valid value for `f` that carries a fresh marker, or undefined when the field cannot hold one
 * (numbers, enums, dates, integer arrays, strings shorter than a marker).
 */
export function markedValue(f: Field, mark: () => string): unknown {
  if (f.virtual || f.enum) return undefined;
  switch (f.type) {
    case 'string':
      if (f.format === 'email') return `${mark()}@example.com`;
      if (f.format === 'uri') return `https://example.com/${mark()}`;
      return (f.length ?? 255) >= 8 ? mark() : undefined;
    case 'text':
      return f.format === 'uri' ? `https://example.com/${mark()}` : `text ${mark()}`;
    case 'json':
      if (f.jsonType === 'array') return f.items === null || f.items === 'string' ? [mark()] : undefined;
      return { note: mark() };
    default:
      return undefined;
  }
}
