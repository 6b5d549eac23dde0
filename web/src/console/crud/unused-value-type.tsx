/**
 * Stands in for ProComponents' value types no screen of ours declares (color, image, rate, slider,
 * cascader): the build points ProField's imports of them here (web/vite.config.mts), so a table screen
 * does not download their pickers (a colour sketch with lodash and tinycolor, rc-image, rc-slider,
 * rc-cascader, rc-rate: about 90 KB of gzip JS). Should one be declared after all, its value still
 * shows as text and edits in a plain input.
 */
import { Input } from 'antd';

interface Props {
  text?: unknown;
  mode?: 'read' | 'edit' | 'update';
  fieldProps?: { value?: unknown; onChange?: (v: unknown) => void; [k: string]: unknown };
}

export default function UnusedValueType({ text, mode, fieldProps }: Props) {
  if (mode === 'read' || mode === undefined) return <>{text === null || text === undefined || text === '' ? '-' : String(text)}</>;
  const value = fieldProps?.value;
  return <Input value={value === null || value === undefined ? '' : String(value)} onChange={(e) => fieldProps?.onChange?.(e.target.value)} />;
}
