/** A value of an enum field as a coloured tag: the option's label, its colour by value; `-` for none. */
import { Tag, Typography } from 'antd';
import type { EpsDictOption } from '../eps';
import { optionLabel } from '../crud/values';

export default function EnumTag({ value, options, colors }: { value: unknown; options: EpsDictOption[]; colors: Record<string, string> }) {
  if (value === null || value === undefined || value === '') return <Typography.Text type="secondary">-</Typography.Text>;
  return <Tag color={colors[String(value)] ?? 'default'}>{optionLabel(options, value) ?? String(value)}</Tag>;
}
