/**
 * "Runs with" in an AI member's edit form: the site's AI models (the default, value 0) or one of my
 * own AI keys (web/src/workspace/account/ai-key-form.ts), by its id. A key the row names that is not
 * among mine (deleted since, or another's when an administrator edits) is still shown, so saving
 * without touching the field keeps it.
 */
import { useEffect, useState } from 'react';
import { Form, Select } from 'antd';
import { Link } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { myAiKeys } from '../account/ai-keys';
import type { AiKey } from '../account/ai-key-form';
import { accountPath } from '../account/account-tabs';

/** The value of "Runs with" for the site's own models. */
export const ON_PLATFORM = 0;

export default function AiRunsWith({ testId, current }: { testId: string; current: number }) {
  const { t } = useI18n();
  const [keys, setKeys] = useState<AiKey[] | null>(null);
  useEffect(() => {
    let live = true;
    myAiKeys().then(
      (k) => live && setKeys(k),
      () => live && setKeys([]),
    );
    return () => {
      live = false;
    };
  }, []);

  const mine = keys ?? [];
  const label = (k: AiKey) => {
    const name = t('wsBoard.aiEdit.runsWithKey', { name: k.name });
    return k.enabled ? name : t('wsBoard.aiEdit.runsWithDisabled', { name });
  };
  const options = [
    { value: ON_PLATFORM, label: t('wsBoard.aiEdit.runsWithPlatform') },
    ...mine.map((k) => ({ value: k.id, label: label(k) })),
    ...(keys && current !== ON_PLATFORM && !mine.some((k) => k.id === current) ? [{ value: current, label: t('wsBoard.aiEdit.runsWithMissing') }] : []),
  ];
  return (
    <Form.Item
      name="runsWith"
      label={t('wsBoard.aiEdit.runsWith')}
      extra={
        <>
          {t('wsBoard.aiEdit.runsWithHelp')} <Link to={accountPath('aikeys')}>{t('wsBoard.aiEdit.runsWithManage')}</Link>
        </>
      }
    >
      <Select loading={keys === null} options={options} popupMatchSelectWidth data-testid={`${testId}-runswith`} />
    </Form.Item>
  );
}
