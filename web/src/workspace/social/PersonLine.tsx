/**
 * One person in a list: avatar and name (both leading to their person page), a second line, and
 * the row's buttons. Wraps its buttons under the name on narrow screens (social.css).
 */
import type { ReactNode } from 'react';
import { Avatar, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import './social.css';

export function personPath(id: number): string {
  return `/person/${id}`;
}

interface Props {
  personId: number;
  name: string;
  avatar?: string | null;
  sub?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}

export default function PersonLine({ personId, name, avatar, sub, actions, testId }: Props) {
  return (
    <div className="soc-line" data-testid={testId} data-person={personId}>
      <Link to={personPath(personId)} className="soc-line-avatar">
        <Avatar size={40} src={avatar || undefined} icon={<UserOutlined />} />
      </Link>
      <div className="soc-line-main">
        <Link to={personPath(personId)} className="soc-line-name">
          <Typography.Text strong ellipsis>
            {name}
          </Typography.Text>
        </Link>
        {sub && <div className="soc-line-sub">{sub}</div>}
      </div>
      {actions && <div className="soc-line-actions">{actions}</div>}
    </div>
  );
}
