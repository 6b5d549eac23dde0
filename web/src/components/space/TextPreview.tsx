/** The code and text preview dialog (000 §2): the file's text in a monospace block, or 'Load failed' (000 §8). */
import { Alert, Modal, Spin, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useI18n } from '../../i18n';
import { loadPreviewText } from './text-preview';
import '../../i18n/console-texts';

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; text: string; cut: boolean };

export default function TextPreview({ url, name, onClose }: { url: string; name: string; onClose: () => void }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    loadPreviewText(url).then(
      (r) => live && setState({ status: 'ready', ...r }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <Modal open title={name} onCancel={onClose} footer={null} width={860} style={{ maxWidth: 'calc(100vw - 16px)' }} destroyOnHidden>
      <div data-testid="text-preview">
        {state.status === 'loading' ? <Spin style={{ display: 'block', margin: '32px auto' }} /> : null}
        {state.status === 'failed' ? <Alert type="error" showIcon message={t('common.loadFailed')} data-testid="text-preview-failed" /> : null}
        {state.status === 'ready' ? (
          <>
            <pre
              data-testid="text-preview-body"
              style={{
                margin: 0,
                maxHeight: '65vh',
                overflow: 'auto',
                padding: 12,
                fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                fontSize: 12,
                lineHeight: 1.6,
                whiteSpace: 'pre',
                background: token.colorFillQuaternary,
                borderRadius: token.borderRadius,
              }}
            >
              {state.text}
            </pre>
            {state.cut ? <Typography.Text type="secondary">{t('viewsData.space.previewCut')}</Typography.Text> : null}
          </>
        ) : null}
      </div>
    </Modal>
  );
}
