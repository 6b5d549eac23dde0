/**
 * One purchase of "My purchases": its goods (a link to its page), kind, date and state, and what it
 * opens: an AI member's groups and "Add to a group", a group's chat, or each file with "Download".
 * A refunded purchase says so and opens nothing.
 */
import { useState } from 'react';
import { saveUrl as save } from '../../lib/save-file';
import { Button, Select, Space, Tag, Typography } from 'antd';
import { DownloadOutlined, MessageOutlined, ShoppingOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { notify } from '../../app/notify';
import { formatDate } from '../../app/money';
import { formatSize } from '../../components/space';
import { chatPath } from '../nav';
import { kindOf, SELLS } from './sells';
import { sellsCalls, type Choice, type Purchase } from './sells-calls';

const ACTIVE = 1;

interface Props {
  purchase: Purchase;
  /** The groups where the member is owner or deputy (undefined while loading). */
  groups: Choice[] | undefined;
  onChanged: () => void;
}

/**
 * Saves file `id` of a purchase through its short-lived url, under its own name: the site's own disk
 * is this origin (the link's download attribute names it); an object store answers the url as an
 * attachment of that name (a signed response-content-disposition). The page stays where it is.
 */
async function download(id: number, name: string | null): Promise<void> {
  try {
    const { url } = await sellsCalls.fileUrl(id);
    save(url, name ?? '');
  } catch {
    // The http client showed why.
  }
}

function AddToGroup({ purchase, groups, onChanged }: Props) {
  const { t } = useI18n();
  const [groupId, setGroupId] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);
  const inGroups = new Set((purchase.ai?.groups ?? []).map((g) => g.id));
  const options = (groups ?? []).filter((g) => !inGroups.has(g.id)).map((g) => ({ value: g.id, label: g.name }));
  const add = async () => {
    if (!groupId) return;
    setBusy(true);
    try {
      await sellsCalls.addToGroup(purchase.id, groupId);
      notify('success', t('wsAccount.purchases.added'));
      setGroupId(undefined);
      onChanged();
    } catch {
      /* the http client showed why */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space.Compact className="acc-purchase-add">
      <Select
        value={groupId}
        onChange={setGroupId}
        loading={!groups}
        options={options}
        placeholder={t('wsAccount.purchases.chooseGroup')}
        notFoundContent={groups ? t('wsAccount.purchases.noGroups') : null}
        className="acc-purchase-select"
        data-testid="acc-purchase-group"
      />
      <Button type="primary" icon={<UsergroupAddOutlined />} loading={busy} disabled={!groupId} onClick={() => void add()} data-testid="acc-purchase-add">
        {t('wsAccount.purchases.add')}
      </Button>
    </Space.Compact>
  );
}

/** What an active purchase opens. */
function Opens(props: Props) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { purchase } = props;
  const kind = kindOf(purchase.kind);
  if (kind === SELLS.ai && purchase.ai) {
    const groups = purchase.ai.groups;
    return (
      <div className="acc-purchase-opens">
        <div className="acc-tags acc-small" data-testid="acc-purchase-in">
          <span className="acc-muted">{groups.length ? t('wsAccount.purchases.inGroups') : t('wsAccount.purchases.notInGroups')}</span>
          {groups.map((g) => (
            <Tag key={g.id}>
              <Link to={chatPath({ toType: 1, toId: g.id })}>{g.name ?? `#${g.id}`}</Link>
            </Tag>
          ))}
        </div>
        <Space wrap>
          <AddToGroup {...props} />
          <Button icon={<MessageOutlined />} onClick={() => navigate(chatPath({ toType: 0, toId: purchase.ai!.id }))} data-testid="acc-purchase-message">
            {t('wsAccount.purchases.message')}
          </Button>
        </Space>
      </div>
    );
  }
  if (kind === SELLS.group && purchase.group) {
    const groupId = purchase.group.id;
    return (
      <Button icon={<MessageOutlined />} onClick={() => navigate(chatPath({ toType: 1, toId: groupId }))} data-testid="acc-purchase-open-group">
        {t('wsAccount.purchases.openGroup')}
      </Button>
    );
  }
  if (kind === SELLS.files) {
    return (
      <div className="acc-purchase-files">
        {purchase.files.map((f) => (
          <div key={f.id} className="acc-purchase-file" data-testid="acc-purchase-file">
            <Typography.Text ellipsis className="acc-file-name">
              {f.name ?? `#${f.id}`}
            </Typography.Text>
            {f.size !== null && <span className="acc-small acc-muted">{formatSize(f.size)}</span>}
            <Button size="small" icon={<DownloadOutlined />} onClick={() => void download(f.id, f.name)} data-testid="acc-purchase-download">
              {t('wsAccount.purchases.download')}
            </Button>
          </div>
        ))}
      </div>
    );
  }
  return <span className="acc-small acc-muted">{t('wsAccount.purchases.nothing')}</span>;
}

export default function PurchaseItem(props: Props) {
  const { t, lang } = useI18n();
  const { purchase } = props;
  const g = purchase.goods;
  const active = purchase.status === ACTIVE;
  const kind = kindOf(purchase.kind);
  return (
    <div className="acc-row acc-purchase" data-testid="acc-purchase" data-kind={kind} data-status={purchase.status}>
      <Link to={g ? `/goods/${g.id}` : '#'} className="acc-thumb">
        {g?.mainPic ? <img src={g.mainPic} alt="" /> : <ShoppingOutlined />}
      </Link>
      <div className="acc-row-main">
        {g ? (
          <Link to={`/goods/${g.id}`} className="acc-row-title">
            {g.title}
          </Link>
        ) : (
          <span className="acc-row-title">{t('wsAccount.purchases.goneGoods')}</span>
        )}
        <div className="acc-tags">
          <Tag color={active ? 'blue' : 'default'}>{t(`wsAccount.sells.kind.k${kind}`)}</Tag>
          {purchase.ai?.nickName ? <span className="acc-small">{purchase.ai.nickName}</span> : null}
          {purchase.group?.name ? <span className="acc-small">{purchase.group.name}</span> : null}
          <span className="acc-small acc-muted">{t('wsAccount.purchases.boughtOn', { date: formatDate(purchase.createTime, lang) })}</span>
        </div>
        {active ? (
          <Opens {...props} />
        ) : (
          <Typography.Text type="danger" className="acc-small" data-testid="acc-purchase-refunded">
            {t('wsAccount.purchases.refunded')}
          </Typography.Text>
        )}
      </div>
    </div>
  );
}
