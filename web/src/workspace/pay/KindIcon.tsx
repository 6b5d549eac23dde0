/** The picture of an order without a goods picture: a crown for VIP, a bolt for tokens, a flask for a test payment. */
import { CrownOutlined, ExperimentOutlined, ShoppingOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { OrderKind } from './order-status';

export default function KindIcon({ kind }: { kind: OrderKind }) {
  if (kind === 'vip') return <CrownOutlined />;
  if (kind === 'recharge') return <ThunderboltOutlined />;
  if (kind === 'test') return <ExperimentOutlined />;
  return <ShoppingOutlined />;
}
