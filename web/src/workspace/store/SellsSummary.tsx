/**
 * "What you get" on a goods page: the kind a listing sells said plainly, and for an AI member its
 * price per run and whether updates are included. Nothing for a listing that sells nothing to deliver.
 */
import { Tag, Typography } from 'antd';
import { useI18n } from '../../i18n';
import { kindOf, SELLS, updatesOn } from '../account/sells';
import type { StoreGoods } from './store-calls';

export default function SellsSummary({ goods }: { goods: Pick<StoreGoods, 'relateType' | 'runPrice' | 'updatesIncluded'> }) {
  const { t } = useI18n();
  const kind = kindOf(goods.relateType);
  if (kind === SELLS.nothing) return null;
  const runPrice = Number(goods.runPrice ?? 0);
  return (
    <div className="st-sells" data-testid="goods-sells" data-kind={kind}>
      <div className="st-field-label">{t('wsAccount.sells.youGet')}</div>
      <div className="st-sells-tags">
        <Tag color="blue">{t(`wsAccount.sells.kind.k${kind}`)}</Tag>
        {kind === SELLS.ai && <Tag data-testid="goods-run-price">{runPrice > 0 ? t('wsAccount.sells.perRun', { price: runPrice }) : t('wsAccount.sells.noRunPrice')}</Tag>}
        {kind === SELLS.ai && <Tag data-testid="goods-updates">{updatesOn(goods.updatesIncluded) ? t('wsAccount.sells.updates') : t('wsAccount.sells.noUpdates')}</Tag>}
      </div>
      <Typography.Paragraph type="secondary" className="st-sells-line">
        {t(`wsAccount.sells.buyerGets.k${kind}`)}
      </Typography.Paragraph>
    </div>
  );
}
