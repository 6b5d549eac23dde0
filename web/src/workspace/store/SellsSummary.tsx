/**
 * "What you get" on a goods page: the kind a listing sells said plainly, and for an AI member its
 * price per run and whether updates are included; then what it is, named: the AI member, the group
 * and its size, or each file with its size. Nothing for a listing that sells nothing to deliver.
 */
import { Tag, Typography } from 'antd';
import { useI18n } from '../../i18n';
import { FileOutlined, RobotOutlined, TeamOutlined } from '@ant-design/icons';
import { formatSize } from '../../components/space';
import { kindOf, SELLS, updatesOn } from '../account/sells';
import type { GoodsDetail, StoreGoods } from './store-calls';

export default function SellsSummary({ goods }: { goods: Pick<StoreGoods, 'relateType' | 'runPrice' | 'updatesIncluded'> & Pick<GoodsDetail, 'includes'> }) {
  const { t } = useI18n();
  const kind = kindOf(goods.relateType);
  if (kind === SELLS.nothing) return null;
  const runPrice = Number(goods.runPrice ?? 0);
  const { ai, group, files } = goods.includes ?? { ai: null, group: null, files: [] };
  return (
    <div className="st-sells" data-testid="goods-sells" data-kind={kind}>
      <div className="st-field-label">{t('wsAccount.sells.youGet')}</div>
      <div className="st-sells-tags">
        <Tag color="blue">{t(`wsAccount.sells.kind.k${kind}`)}</Tag>
        {kind === SELLS.ai && (
          <Tag data-testid="goods-run-price">{runPrice > 0 ? t('wsAccount.sells.perRun', { price: runPrice }) : t('wsAccount.sells.noRunPrice')}</Tag>
        )}
        {kind === SELLS.ai && (
          <Tag data-testid="goods-updates">{updatesOn(goods.updatesIncluded) ? t('wsAccount.sells.updates') : t('wsAccount.sells.noUpdates')}</Tag>
        )}
      </div>
      <Typography.Paragraph type="secondary" className="st-sells-line">
        {t(`wsAccount.sells.buyerGets.k${kind}`)}
      </Typography.Paragraph>
      <ul className="st-sells-includes" data-testid="goods-includes">
        {kind === SELLS.ai && ai && (
          <li>
            <RobotOutlined /> {ai.name}
          </li>
        )}
        {kind === SELLS.group && group && (
          <li>
            <TeamOutlined /> {group.name} <span className="st-muted">{t('wsAccount.sells.groupSize', { n: group.members })}</span>
          </li>
        )}
        {kind === SELLS.files &&
          files.map((f, i) => (
            <li key={i} data-testid="goods-includes-file">
              <FileOutlined /> <span className="st-sells-file">{f.name}</span> {f.size !== null && <span className="st-muted">{formatSize(f.size)}</span>}
            </li>
          ))}
      </ul>
    </div>
  );
}
