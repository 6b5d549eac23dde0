/**
 * The Generate dialog of the redemption codes: how many, VIP days or tokens, expiry and memo, then
 * `base/coupon/generate`; the new codes are shown with Copy and a CSV download (they are listed in
 * the table too, but this is the batch the administrator hands out).
 */
import { useEffect, useState } from 'react';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Modal, Radio, Space } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { calls, showFieldErrors } from '../../app/data';
import { notify } from '../../app/notify';
import { useI18n } from '../../i18n';
import { copyText } from '../../components/space/copy';
import { download } from '../crud/sheet-file';
import { formatTime } from '../views/data/entity';
import { codesCsv, codesFileName, codesText, COUPON_TYPE, generateBody, MAX_CODES, type BatchInfo, type GenerateValues } from './coupon-codes';
import { formatTokens } from '../../app/money';

export interface CouponGenerateProps {
  open: boolean;
  onClose: () => void;
  /** After codes were made (the table reloads). */
  onGenerated: () => void;
}

interface Batch {
  codes: string[];
  info: BatchInfo;
}

export default function CouponGenerate({ open, onClose, onGenerated }: CouponGenerateProps) {
  const { t, lang } = useI18n();
  const [form] = Form.useForm<GenerateValues>();
  const type = Form.useWatch('type', form);
  const [busy, setBusy] = useState(false);
  const [batch, setBatch] = useState<Batch | null>(null);

  useEffect(() => {
    if (open) setBatch(null);
  }, [open]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      const answer = (await calls.base.coupon.generate(generateBody(values), {
        successMessage: t('viewsCommerce.coupon.generated', { n: values.count }),
      })) as { count: number; codes: string[] };
      const days = values.type === COUPON_TYPE.days;
      setBatch({
        codes: answer.codes,
        info: {
          type: days ? t('viewsCommerce.coupon.typeDays') : t('viewsCommerce.coupon.typeTokens'),
          value: days
            ? t('viewsCommerce.coupon.daysValue', { n: values.days ?? 0 })
            : t('viewsCommerce.coupon.tokensValue', { amount: formatTokens(values.tokens, lang) }),
          expires: values.expireTime ? formatTime(values.expireTime.toISOString()) : '',
          memo: values.memo?.trim() ?? '',
        },
      });
      onGenerated();
    } catch (e) {
      showFieldErrors(form, e);
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!batch) return;
    try {
      await copyText(codesText(batch.codes));
      notify('success', t('common.copySuccess'));
    } catch {
      notify('error', t('viewsCommerce.coupon.copyFailed'));
    }
  };

  const exportCsv = () => {
    if (!batch) return;
    const csv = codesCsv(batch.codes, batch.info, {
      code: t('viewsCommerce.coupon.code'),
      type: t('viewsCommerce.coupon.type'),
      value: t('viewsCommerce.coupon.value'),
      expires: t('viewsCommerce.coupon.expires'),
      memo: t('viewsCommerce.coupon.memo'),
    });
    download(new Blob([csv], { type: 'text/csv;charset=utf-8' }), codesFileName());
  };

  return (
    <Modal
      open={open}
      title={t('viewsCommerce.coupon.generateTitle')}
      onCancel={onClose}
      maskClosable={!busy}
      destroyOnHidden
      footer={
        batch ? (
          <Space wrap>
            <Button onClick={() => setBatch(null)}>{t('viewsCommerce.coupon.generateMore')}</Button>
            <Button type="primary" onClick={onClose}>
              {t('common.close')}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="coupon-generate-submit">
              {t('viewsCommerce.coupon.generate')}
            </Button>
          </Space>
        )
      }
    >
      {batch ? (
        <div data-testid="coupon-codes">
          <Alert
            type="success"
            showIcon
            message={t('viewsCommerce.coupon.generated', { n: batch.codes.length })}
            description={[batch.info.value, batch.info.expires && t('viewsCommerce.coupon.expiresAt', { time: batch.info.expires }), batch.info.memo]
              .filter(Boolean)
              .join(' · ')}
            style={{ marginBottom: 12 }}
          />
          <Input.TextArea
            readOnly
            value={codesText(batch.codes)}
            autoSize={{ minRows: 4, maxRows: 12 }}
            style={{ fontFamily: 'monospace' }}
            aria-label={t('viewsCommerce.coupon.codes')}
            data-testid="coupon-codes-text"
          />
          <Space wrap style={{ marginTop: 12 }}>
            <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="coupon-codes-copy">
              {t('viewsCommerce.coupon.copyAll')}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={exportCsv} data-testid="coupon-codes-csv">
              {t('viewsCommerce.coupon.downloadCsv')}
            </Button>
          </Space>
        </div>
      ) : (
        <Form form={form} layout="vertical" initialValues={{ count: 10, type: COUPON_TYPE.tokens }} preserve={false}>
          <Form.Item name="count" label={t('viewsCommerce.coupon.count')} rules={[{ required: true, message: t('viewsCommerce.coupon.countRequired') }]}>
            <InputNumber min={1} max={MAX_CODES} precision={0} style={{ width: '100%' }} data-testid="coupon-count" />
          </Form.Item>
          <Form.Item name="type" label={t('viewsCommerce.coupon.type')} rules={[{ required: true }]}>
            <Radio.Group
              optionType="button"
              options={[
                { value: COUPON_TYPE.tokens, label: t('viewsCommerce.coupon.typeTokens') },
                { value: COUPON_TYPE.days, label: t('viewsCommerce.coupon.typeDays') },
              ]}
            />
          </Form.Item>
          {type === COUPON_TYPE.days ? (
            <Form.Item name="days" label={t('viewsCommerce.coupon.days')} rules={[{ required: true, message: t('viewsCommerce.coupon.daysRequired') }]}>
              <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} data-testid="coupon-days" />
            </Form.Item>
          ) : (
            <Form.Item name="tokens" label={t('viewsCommerce.coupon.tokens')} rules={[{ required: true, message: t('viewsCommerce.coupon.tokensRequired') }]}>
              <InputNumber min={0.0001} max={1e9} precision={4} style={{ width: '100%' }} data-testid="coupon-tokens" />
            </Form.Item>
          )}
          <Form.Item name="expireTime" label={t('viewsCommerce.coupon.expires')} extra={t('viewsCommerce.coupon.expiresHint')}>
            <DatePicker showTime style={{ width: '100%' }} disabledDate={(d) => d.isBefore(dayjs().startOf('day'))} data-testid="coupon-expire" />
          </Form.Item>
          <Form.Item name="memo" label={t('viewsCommerce.coupon.memo')}>
            <Input maxLength={255} data-testid="coupon-memo" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
