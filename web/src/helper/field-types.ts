/** The field types and labels of the helper's field lists, apart from the calls so pure code can use them. */
import type { Lang } from '../i18n';

/** The field types of server/core/entity/define.ts `FieldType`, in the order the generator lists them. */
export const FIELD_TYPES = ['string', 'text', 'int', 'bigint', 'float', 'decimal', 'boolean', 'datetime', 'json'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export type Labels = Record<Lang, string>;
