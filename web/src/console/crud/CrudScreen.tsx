import { Typography } from 'antd';

/** The generic screen of one entity, rendered from /eps. */
export default function CrudScreen({ entityKey }: { entityKey: string }) {
  return <Typography.Text>{entityKey}</Typography.Text>;
}
