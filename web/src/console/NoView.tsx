import { Result } from 'antd';

/** A menu names a view this build does not have (Shell.tsx): antd's 404 result. */
export default function NoView({ title }: { title: string }) {
  return <Result status="404" title={title} />;
}
