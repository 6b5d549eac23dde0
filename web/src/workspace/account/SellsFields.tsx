/**
 * The publish form's "What you sell": the kind, a line saying what the buyer gets, and the kind's
 * own fields, chosen from the member's own things (no ids typed by hand): one of their AI members
 * (with "Updates included" and a price per run), one of the groups they own, or private files they
 * upload. The field names are the server's, so its 1002 shows on the right field.
 */
import { useEffect, useState } from 'react';
import { Form, InputNumber, Segmented, Select, Switch, Typography } from 'antd';
import { useI18n } from '../../i18n';
import { MAX_SOLD_FILES, SELLS, SELLS_KINDS, type SellsKind } from './sells';
import { sellsCalls, type Choice } from './sells-calls';
import SoldFiles from './SoldFiles';

/** The member's choices of `load`, asked when `ask` first holds (undefined while loading). */
function useChoices(ask: boolean, load: () => Promise<Choice[]>): Choice[] | undefined {
  const [choices, setChoices] = useState<Choice[] | undefined>();
  useEffect(() => {
    if (!ask || choices) return;
    load().then(setChoices, () => setChoices([]));
  }, [ask, choices, load]);
  return choices;
}

export default function SellsFields() {
  const { t } = useI18n();
  const kind = (Form.useWatch('relateType') ?? SELLS.nothing) as SellsKind;
  const ais = useChoices(kind === SELLS.ai, sellsCalls.myAiMembers);
  const groups = useChoices(kind === SELLS.group, sellsCalls.ownedGroups);
  const options = (list: Choice[] | undefined) => (list ?? []).map((c) => ({ value: c.id, label: c.name }));

  return (
    <div className="acc-sells" data-testid="acc-goods-sells">
      <Form.Item name="relateType" label={t('wsAccount.sells.label')} extra={t(`wsAccount.sells.gets.k${kind}`)}>
        <Segmented
          block
          className="acc-sells-kind"
          options={SELLS_KINDS.map((k) => ({ value: k, label: t(`wsAccount.sells.kind.k${k}`) }))}
          data-testid="acc-goods-kind"
        />
      </Form.Item>
      {kind === SELLS.ai && (
        <>
          <Form.Item name="workflowId" label={t('wsAccount.sells.ai')} rules={[{ required: true, message: t('wsAccount.sells.aiRequired') }]}>
            <Select
              loading={!ais}
              options={options(ais)}
              placeholder={t('wsAccount.sells.aiRequired')}
              notFoundContent={ais ? t('wsAccount.sells.aiNone') : null}
              data-testid="acc-goods-ai"
            />
          </Form.Item>
          <div className="acc-sells-ai">
            <Form.Item name="updatesIncluded" label={t('wsAccount.sells.updatesIncluded')} valuePropName="checked" extra={t('wsAccount.sells.updatesHint')}>
              <Switch data-testid="acc-goods-updates" />
            </Form.Item>
            <Form.Item name="runPrice" label={t('wsAccount.sells.runPrice')} extra={t('wsAccount.sells.runPriceHint')}>
              <InputNumber min={0} max={99999999} precision={2} style={{ width: 160 }} data-testid="acc-goods-run-price" />
            </Form.Item>
          </div>
        </>
      )}
      {kind === SELLS.group && (
        <Form.Item name="groupId" label={t('wsAccount.sells.group')} rules={[{ required: true, message: t('wsAccount.sells.groupRequired') }]}>
          <Select
            loading={!groups}
            options={options(groups)}
            placeholder={t('wsAccount.sells.groupRequired')}
            notFoundContent={groups ? t('wsAccount.sells.groupNone') : null}
            data-testid="acc-goods-group"
          />
        </Form.Item>
      )}
      {kind === SELLS.files && (
        <Form.Item
          name="attachments"
          label={t('wsAccount.sells.files')}
          extra={<Typography.Text type="secondary">{t('wsAccount.sells.filesHint', { n: MAX_SOLD_FILES })}</Typography.Text>}
          rules={[{ required: true, type: 'array', min: 1, message: t('wsAccount.sells.filesRequired') }]}
        >
          <SoldFiles />
        </Form.Item>
      )}
    </div>
  );
}
