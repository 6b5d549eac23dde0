/**
 * What the models screen and the app form share: a model's lists (capabilities, defaultFor) as
 * translated tags and multi-selects, and a model's name as people read it.
 */
import { Select, Tag } from 'antd';
import type { FieldOverride } from '../../crud/crud-slots';

export const CAPABILITIES = ['chat', 'tools', 'embeddings'] as const;
export const PURPOSES = ['chat', 'aiMember', 'coding', 'summary', 'embeddings'] as const;

type T = (key: string, vars?: Record<string, unknown>) => string;

/** A JSON list as the API answers it (an array, or its text from an older row). */
export function listOf(v: unknown): string[] {
  if (typeof v === 'string') {
    try {
      return listOf(JSON.parse(v));
    } catch {
      return [];
    }
  }
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** A model's display name, else its id. */
export const modelName = (m: { name?: unknown; modelId?: unknown }) => String(m.name || m.modelId || '');

/** The list's values as tags with their translated labels (`group`: capability or purpose). */
export function ListTags({ value, group, t, color }: { value: unknown; group: 'capability' | 'purpose'; t: T; color?: string }) {
  const list = listOf(value);
  if (!list.length) return <>-</>;
  return (
    <>
      {list.map((v) => (
        <Tag key={v} color={color} style={{ marginBlock: 2 }}>
          {t(`viewsAi.model.${group}.${v}`)}
        </Tag>
      ))}
    </>
  );
}

/** A JSON list field edited as a multi-select of its allowed values. */
export function listField(values: readonly string[], group: 'capability' | 'purpose', t: T, label: string, help?: string): FieldOverride {
  return {
    help,
    control: (
      <Select
        mode="multiple"
        allowClear
        aria-label={label}
        options={values.map((v) => ({ value: v, label: t(`viewsAi.model.${group}.${v}`) }))}
        optionRender={(o) => (
          <span data-testid={`model-${group}-option`} data-value={o.value}>
            {o.label}
          </span>
        )}
      />
    ),
    toForm: listOf,
    fromForm: (v) => (Array.isArray(v) ? v : []),
  };
}
