/** An app's picture: its avatar when it is a safe address, else its initial, else a robot. */
import { Avatar } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { avatarUrl } from './app-cost';

export default function AppAvatar({ avatar, name, size = 40 }: { avatar?: unknown; name?: string; size?: number }) {
  const src = avatarUrl(avatar);
  const initial = name ? [...name.trim()][0]?.toUpperCase() : undefined;
  return (
    <Avatar size={size} shape="square" src={src ?? undefined} icon={src || initial ? undefined : <RobotOutlined />} className="apps-avatar">
      {src ? undefined : initial}
    </Avatar>
  );
}
