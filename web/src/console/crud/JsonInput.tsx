/** A JSON field's editor: monospaced text, whether it parses as you type, and a button that formats it. */
import { Button, Input, Space, Typography } from 'antd';
import { useI18n } from '../../i18n';
import { formatJsonText, parseJsonText } from './values';

export interface JsonInputProps {
  id?: string;
  autoFocus?: boolean;
  'aria-label'?: string;
  value?: string;
  onChange?: (v: string) => void;
}

export default function JsonInput({ value, onChange, ...common }: JsonInputProps) {
  const { t } = useI18n();
  const text = value ?? '';
  const valid = parseJsonText(text).ok;
  const formatted = formatJsonText(text);
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <Input.TextArea
        {...common}
        autoSize={{ minRows: 3, maxRows: 14 }}
        value={text}
        status={valid ? undefined : 'error'}
        onChange={(e) => onChange?.(e.target.value)}
        style={{ fontFamily: 'monospace' }}
        data-testid="json-input"
      />
      <Space size={8} wrap>
        <Button
          size="small"
          disabled={formatted === null || formatted === text}
          onClick={() => formatted !== null && onChange?.(formatted)}
          data-testid="json-format"
        >
          {t('crud.jsonFormat')}
        </Button>
        {text.trim() !== '' && (
          <Typography.Text type={valid ? 'success' : 'danger'} style={{ fontSize: 12 }} data-testid="json-state">
            {valid ? t('crud.jsonValid') : t('crud.jsonInvalid')}
          </Typography.Text>
        )}
      </Space>
    </Space>
  );
}
