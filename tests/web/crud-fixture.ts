/** An /eps entry shaped like the server's demo/goods plus the column kinds the generic screen handles. */
import type { EpsColumn, EpsEntry } from '../../web/src/console/eps';

const L = (en: string, cn = en, tw = cn) => ({ en, 'zh-cn': cn, 'zh-tw': tw });

function col(c: Partial<EpsColumn> & { propertyName: string; type: string }): EpsColumn {
  const label = c.label ?? L(c.propertyName);
  return {
    defaultValue: null,
    comment: label.en,
    label,
    nullable: true,
    required: false,
    readOnly: false,
    writeOnly: false,
    virtual: false,
    unique: false,
    dict: null,
    ...c,
  };
}

export const STATUS = [
  { value: 0, label: 'Disabled', labels: L('Disabled', '禁用', '停用') },
  { value: 1, label: 'Enabled', labels: L('Enabled', '启用', '啟用') },
];

export const goods: EpsEntry = {
  module: 'demo',
  name: 'goods',
  prefix: '/admin/demo/goods',
  label: 'Demo goods',
  labels: L('Demo goods', '示例商品'),
  api: ['add', 'update', 'delete', 'info', 'list', 'page'].map((a) => ({
    method: 'POST',
    path: `/${a}`,
    summary: a,
    permission: `demo:goods:${a}`,
    public: false,
  })),
  columns: [
    col({ propertyName: 'id', type: 'int', readOnly: true, nullable: false, label: L('ID') }),
    col({ propertyName: 'title', type: 'string', length: 50, nullable: false, required: true, label: L('Title', '标题', '標題') }),
    col({ propertyName: 'price', type: 'decimal', label: L('Price', '价格', '價格') }),
    col({ propertyName: 'status', type: 'int', nullable: false, defaultValue: 1, dict: STATUS, label: L('Status', '状态', '狀態') }),
    col({ propertyName: 'stock', type: 'int', nullable: false, label: L('Stock', '库存', '庫存') }),
    col({ propertyName: 'onSale', type: 'boolean', nullable: false, label: L('On sale', '在售', '在售') }),
    col({ propertyName: 'color', type: 'string', length: 20, dict: 'goods_color', label: L('Colour', '颜色', '顏色') }),
    col({ propertyName: 'body', type: 'text', label: L('Body', '正文', '正文') }),
    col({ propertyName: 'tags', type: 'json', label: L('Tags', '标签', '標籤') }),
    col({ propertyName: 'saleStart', type: 'datetime', label: L('Sale start', '开售时间', '開賣時間') }),
    col({ propertyName: 'typeName', type: 'string', virtual: true, label: L('Type name', '类型名', '類型名') }),
    col({ propertyName: 'apiSecret', type: 'string', writeOnly: true, label: L('API secret') }),
    col({ propertyName: 'createTime', type: 'datetime', readOnly: true, nullable: false, label: L('Created', '创建时间', '建立時間') }),
  ],
  search: { keyWordLikeFields: ['title'], fieldEq: ['status', 'color'] },
  order: { field: 'createTime', sort: 'desc' },
  softDelete: null,
  owner: null,
  schema: {
    add: {
      type: 'object',
      properties: {
        title: { type: 'string', maxLength: 50, minLength: 1 },
        price: { type: ['number', 'null'] },
        status: { type: 'integer', enum: [0, 1], default: 1 },
        stock: { type: 'integer', default: 0 },
        onSale: { type: 'boolean' },
        color: { type: ['string', 'null'], maxLength: 20 },
        body: { type: ['string', 'null'] },
        tags: { type: ['array', 'null'] },
        saleStart: { type: ['string', 'null'] },
        apiSecret: { type: ['string', 'null'], maxLength: 64 },
        password: { type: ['string', 'null'], maxLength: 255, title: 'Password', 'x-labels': L('Password', '密码', '密碼') },
      },
      required: ['title'],
    },
    update: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        title: { type: 'string', maxLength: 50, minLength: 1 },
        price: { type: ['number', 'null'] },
        status: { type: 'integer', enum: [0, 1] },
        stock: { type: 'integer' },
        onSale: { type: 'boolean' },
        color: { type: ['string', 'null'], maxLength: 20 },
        body: { type: ['string', 'null'] },
        tags: { type: ['array', 'null'] },
        saleStart: { type: ['string', 'null'] },
      },
      required: ['id'],
    },
  },
};
