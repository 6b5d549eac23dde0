/**
 * The code preview dialog (000 §2 "code and text preview dialogs"): the entity file a dry run (or
 * the create) answered, its path, the source in a monospace block and a copy button. The source was
 * proven by the server to compile and normalize before it was answered.
 */
import { Button, Modal, Space, Typography, theme } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { copyText } from '../components/space/copy';
import { notify } from '../app/notify';
import { useI18n } from '../i18n';
import type { DryRunAnswer } from './coding-api';

export default function CodeDialog({ answer, open, onClose }: { answer: DryRunAnswer | null; open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const copy = () => {
    if (!answer) return;
    copyText(answer.source).then(
      () => notify('success', t('common.copySuccess')),
      () => notify('error', t('helper.code.copyFailed')),
    );
  };
  return (
    <Modal
      open={open && !!answer}
      onCancel={onClose}
      width={880}
      title={t('helper.code.title')}
      destroyOnHidden
      footer={
        <Space wrap style={{ justifyContent: 'flex-end' }}>
          <Button icon={<CopyOutlined />} onClick={copy} data-testid="code-copy">
            {t('helper.code.copy')}
          </Button>
          <Button type="primary" onClick={onClose} data-testid="code-dialog-close">
            {t('common.close')}
          </Button>
        </Space>
      }
    >
      <div data-testid="code-dialog">
        {answer?.path ? (
          <Typography.Paragraph style={{ marginBottom: 8 }}>
            <Typography.Text type="secondary">{t('helper.code.file')} </Typography.Text>
            <Typography.Text code data-testid="code-path">
              {answer.path}
            </Typography.Text>
          </Typography.Paragraph>
        ) : null}
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
          {t('helper.code.checked')}
        </Typography.Paragraph>
        <pre
          data-testid="code-source"
          style={{
            margin: 0,
            maxHeight: 'min(60vh, 520px)',
            overflow: 'auto',
            padding: 12,
            fontSize: 12,
            lineHeight: 1.55,
            fontFamily: token.fontFamilyCode,
            background: token.colorFillQuaternary,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadius,
            whiteSpace: 'pre',
          }}
        >
          {answer?.source ?? ''}
        </pre>
      </div>
    </Modal>
  );
}
