/**
 * Publish a goods (`goods/info/add`) or edit one of mine (`goods/info/updateGoods`, its specs
 * included: the list sent is the whole list, so a spec taken out is removed). The specs of an edited
 * goods come from `openDetail`, which shows a seller their own goods even when it is off the shelf.
 * What the listing sells is chosen in SellsFields (its files named from the file space when edited).
 */
import { useEffect, useState } from 'react';
import { Button, Drawer, Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { calls, data, showFieldErrors, type Row } from '../../app/data';
import { notify } from '../../app/notify';
import { useViewport } from '../social/use-viewport';
import { FileInput } from '../../components/space';
import SellsFields from './SellsFields';
import { attachmentIds, SELLS, sellsBody, sellsValues, type SellsValues } from './sells';
import { sellsCalls } from './sells-calls';

export type MyGoods = Row<'goods/info'>;

interface Spec {
  id?: number;
  name: string;
  price?: number | null;
  stock?: number;
}

interface Values extends SellsValues {
  title: string;
  subTitle?: string;
  typeId?: number | null;
  price?: number | null;
  isFree: boolean;
  mainPic?: string;
  content?: string;
  isDisplay: boolean;
  isCommentAllowed: boolean;
  status: boolean;
  specs?: Spec[];
}

export interface GoodsFormProps {
  /** The goods to edit; null publishes a new one. */
  goods: MyGoods | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}

function initial(g: MyGoods | null): Values {
  return {
    title: g?.title ?? '',
    subTitle: g?.subTitle ?? '',
    typeId: g?.typeId ?? null,
    price: g?.price ?? null,
    isFree: Number(g?.isFree ?? 0) === 1,
    mainPic: g?.mainPic ?? '',
    content: g?.content ?? '',
    isDisplay: g ? Number(g.isDisplay ?? 0) === 1 : true,
    isCommentAllowed: g ? Number(g.isCommentAllowed ?? 0) === 1 : true,
    status: g ? Number(g.status ?? 0) === 1 : true,
    specs: [],
    ...sellsValues(g),
  };
}

export default function GoodsForm({ goods, open, onClose, onSaved }: GoodsFormProps) {
  const { t } = useI18n();
  const { width } = useViewport();
  const [form] = Form.useForm<Values>();
  const [types, setTypes] = useState<Array<{ value: number; label: string }>>([]);
  const [busy, setBusy] = useState(false);
  const isFree = Form.useWatch('isFree', form);
  const editing = !!goods;

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(initial(goods));
    data('goods/type')
      .list({}, { silent: true })
      .then((rows) => setTypes(rows.filter((r) => Number(r.status ?? 1) === 1).map((r) => ({ value: r.id, label: String(r.name ?? r.id) }))))
      .catch(() => setTypes([]));
    if (goods) {
      (calls.goods.info.openDetail({ id: goods.id }, { silent: true }) as Promise<{ specs?: Spec[] }>)
        .then((d) =>
          form.setFieldValue(
            'specs',
            (d.specs ?? []).map((s) => ({ id: s.id, name: s.name, price: s.price, stock: s.stock })),
          ),
        )
        .catch(() => undefined);
      const files = Number(goods.relateType) === SELLS.files ? attachmentIds(goods.attachments) : [];
      if (files.length) void sellsCalls.soldFiles(files).then((named) => form.setFieldValue('attachments', named));
    }
  }, [open, goods, form]);

  const submit = async (v: Values) => {
    setBusy(true);
    const body = {
      title: v.title.trim(),
      subTitle: v.subTitle?.trim() || null,
      typeId: v.typeId ?? null,
      price: v.isFree ? 0 : (v.price ?? 0),
      isFree: v.isFree ? 1 : 0,
      mainPic: v.mainPic?.trim() || null,
      content: v.content ?? null,
      isDisplay: v.isDisplay ? 1 : 0,
      isCommentAllowed: v.isCommentAllowed ? 1 : 0,
      status: v.status ? 1 : 0,
      ...sellsBody(v),
    } as const;
    try {
      if (goods) {
        const specs = (v.specs ?? []).map((s) => ({ ...(s.id ? { id: s.id } : {}), name: s.name.trim(), price: s.price ?? null, stock: s.stock ?? 0 }));
        await calls.goods.info.updateGoods({ id: goods.id, ...body, specs });
      } else {
        await data('goods/info').add(body);
      }
      notify('success', editing ? t('wsAccount.goods.saved') : t('wsAccount.goods.published'));
      onSaved();
      onClose();
    } catch (e) {
      showFieldErrors(form, e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={width < 640 ? '100%' : 560}
      title={editing ? t('wsAccount.goods.editTitle') : t('wsAccount.goods.publishTitle')}
      destroyOnHidden
      extra={
        <Button type="primary" loading={busy} onClick={() => form.submit()} data-testid="acc-goods-save">
          {editing ? t('wsAccount.save') : t('wsAccount.goods.publish')}
        </Button>
      }
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={initial(goods)} data-testid="acc-goods-form">
        <Form.Item
          name="title"
          label={t('wsAccount.goods.field.title')}
          rules={[{ required: true, whitespace: true, message: t('wsAccount.goods.titleRequired') }, { max: 255 }]}
        >
          <Input maxLength={255} data-testid="acc-goods-title" />
        </Form.Item>
        <Form.Item name="subTitle" label={t('wsAccount.goods.field.subTitle')} rules={[{ max: 255 }]}>
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item name="typeId" label={t('wsAccount.goods.field.type')}>
          <Select allowClear options={types} placeholder={t('wsAccount.goods.chooseType')} />
        </Form.Item>
        <Space size={16} wrap align="start">
          <Form.Item name="isFree" label={t('wsAccount.goods.field.isFree')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="price" label={t('wsAccount.goods.field.price')} rules={[{ required: !isFree, message: t('wsAccount.goods.priceRequired') }]}>
            <InputNumber min={0} max={99999999} precision={2} disabled={!!isFree} style={{ width: 160 }} data-testid="acc-goods-price" />
          </Form.Item>
        </Space>
        <SellsFields />
        <Form.Item name="mainPic" label={t('wsAccount.goods.field.mainPic')} extra={t('wsAccount.goods.mainPicHint')} rules={[{ max: 255 }]}>
          <FileInput kind="image" />
        </Form.Item>
        <Form.Item name="content" label={t('wsAccount.goods.field.content')}>
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} />
        </Form.Item>
        <Space size={24} wrap>
          <Form.Item name="status" label={t('wsAccount.goods.field.status')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="isDisplay" label={t('wsAccount.goods.field.isDisplay')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="isCommentAllowed" label={t('wsAccount.goods.field.isCommentAllowed')} valuePropName="checked">
            <Switch data-testid="acc-goods-comments" />
          </Form.Item>
        </Space>
        {editing ? (
          <>
            <Typography.Title level={5}>{t('wsAccount.goods.specs')}</Typography.Title>
            <Typography.Paragraph type="secondary" className="acc-small">
              {t('wsAccount.goods.specsHint')}
            </Typography.Paragraph>
            <Form.List name="specs">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((f) => (
                    <div key={f.key} className="acc-spec" data-testid="acc-goods-spec">
                      <Form.Item name={[f.name, 'id']} hidden>
                        <Input />
                      </Form.Item>
                      <Form.Item
                        name={[f.name, 'name']}
                        label={t('wsAccount.goods.specName')}
                        rules={[{ required: true, whitespace: true, message: t('wsAccount.goods.specNameRequired') }]}
                        className="acc-spec-name"
                      >
                        <Input maxLength={255} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'price']} label={t('wsAccount.goods.field.price')} className="acc-spec-num">
                        <InputNumber min={0} precision={2} style={{ width: '100%' }} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'stock']} label={t('wsAccount.goods.stock')} className="acc-spec-num">
                        <InputNumber min={0} precision={0} style={{ width: '100%' }} />
                      </Form.Item>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        onClick={() => remove(f.name)}
                        aria-label={t('wsAccount.goods.removeSpec')}
                        className="acc-spec-del"
                      />
                    </div>
                  ))}
                  <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ name: '', price: null, stock: 0 })}>
                    {t('wsAccount.goods.addSpec')}
                  </Button>
                </>
              )}
            </Form.List>
          </>
        ) : null}
      </Form>
    </Drawer>
  );
}
