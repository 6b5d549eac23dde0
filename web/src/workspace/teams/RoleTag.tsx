/** A member's team role as a coloured tag: owner gold, deputy blue, member plain. */
import { Tag } from 'antd';
import { CrownOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import type { TeamRole } from './team-model';

export default function RoleTag({ role }: { role: TeamRole }) {
  const { t } = useI18n();
  const color = role === 'owner' ? 'gold' : role === 'deputy' ? 'blue' : undefined;
  const icon = role === 'owner' ? <CrownOutlined /> : role === 'deputy' ? <SafetyCertificateOutlined /> : undefined;
  return (
    <Tag color={color} icon={icon} data-testid="team-role" data-role={role} style={{ marginInlineEnd: 0 }}>
      {t(`wsTeams.role.${role}`)}
    </Tag>
  );
}
