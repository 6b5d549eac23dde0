/**
 * Installs a plugin in the two steps of the API: pick a shipped plugin or upload a zip (`upload`:
 * `{shipped}` as JSON, or the multipart field `file`) -> check what it holds (PackageReview) ->
 * "Confirm install" (`install {uploadId}`); only then does any of its code run on the server.
 */
import { useState } from 'react';
import { Button, Modal, Steps } from 'antd';
import { calls } from '../../../app/data';
import { useI18n } from '../../../i18n';
import type { EntityMeta } from '../data/entity';
import PackageReview from './PackageReview';
import PickPackage from './PickPackage';
import type { PluginRow, UploadAnswer } from './plugin-types';

export interface InstallDialogProps {
  meta: EntityMeta;
  open: boolean;
  onClose: () => void;
  onInstalled: (row: PluginRow | null) => void;
}

export default function InstallDialog({ meta, open, onClose, onInstalled }: InstallDialogProps) {
  const { t } = useI18n();
  const [answer, setAnswer] = useState<UploadAnswer | null>(null);
  const [busy, setBusy] = useState(false);

  // A zip goes as a multipart form (its `file` field), a shipped plugin by its key.
  const upload = (payload: FormData | { shipped: string }) => {
    setBusy(true);
    (calls.plugin.info.upload(payload as { file: string } | { shipped: string }) as Promise<unknown> as Promise<UploadAnswer>)
      .then(setAnswer, () => undefined) // refused: the client showed the server's message
      .finally(() => setBusy(false));
  };

  const uploadZip = (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    upload(form);
  };

  const confirm = () => {
    if (!answer) return;
    setBusy(true);
    (
      calls.plugin.info.install(
        { uploadId: answer.uploadId },
        { successMessage: t('viewsTasks.install.installed', { name: answer.manifest.name }) },
      ) as Promise<unknown> as Promise<PluginRow>
    )
      .then(
        (row) => {
          setAnswer(null);
          onInstalled(row ?? null);
        },
        () => undefined,
      )
      .finally(() => setBusy(false));
  };

  const footer = answer
    ? [
        <Button key="back" disabled={busy} onClick={() => setAnswer(null)} data-testid="plugin-install-back">
          {t('viewsTasks.install.another')}
        </Button>,
        <Button key="confirm" type="primary" loading={busy} onClick={confirm} data-testid="plugin-install-confirm">
          {t('viewsTasks.install.confirm')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
      ];

  return (
    <Modal
      open={open}
      title={t('viewsTasks.install.title')}
      width={720}
      onCancel={busy ? undefined : onClose}
      afterClose={() => setAnswer(null)}
      maskClosable={false}
      destroyOnHidden
      footer={footer}
      data-testid="plugin-install-dialog"
    >
      <Steps
        size="small"
        current={answer ? 1 : 0}
        style={{ marginBottom: 16 }}
        items={[{ title: t('viewsTasks.install.stepPick') }, { title: t('viewsTasks.install.stepConfirm') }]}
      />
      {answer ? (
        <PackageReview meta={meta} answer={answer} />
      ) : (
        <PickPackage busy={busy} onShipped={(keyName) => upload({ shipped: keyName })} onFile={uploadZip} />
      )}
    </Modal>
  );
}
