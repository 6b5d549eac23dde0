/** Paste a join key or a whole invite link; a text without a usable key says so and stays. */
import { useState } from 'react';
import { Button, Card, Input, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { keyFromInput } from './join-key';

export default function JoinKeyForm({ onKey, initial, malformed }: { onKey: (key: string) => void; initial?: string; malformed?: boolean }) {
  const { t } = useI18n();
  const [text, setText] = useState(initial ?? '');
  const [bad, setBad] = useState(!!malformed);
  const go = () => {
    const key = keyFromInput(text);
    if (key) onKey(key);
    else setBad(true);
  };
  return (
    <Card data-testid="join-key-form">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        <KeyOutlined /> {t('wsTeams.join.keyTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('wsTeams.join.keyText')}</Typography.Paragraph>
      <div className="tm-allocation-row">
        <Input
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setBad(false);
          }}
          onPressEnter={go}
          status={bad ? 'error' : undefined}
          placeholder={t('wsTeams.join.keyPlaceholder')}
          style={{ flex: '1 1 220px' }}
          allowClear
          data-testid="join-key-input"
        />
        <Button type="primary" onClick={go} disabled={!text.trim()} data-testid="join-key-submit">
          {t('wsTeams.join.check')}
        </Button>
      </div>
      {bad && (
        <Typography.Text type="danger" data-testid="join-key-bad">
          {t('wsTeams.join.keyBad')}
        </Typography.Text>
      )}
    </Card>
  );
}
