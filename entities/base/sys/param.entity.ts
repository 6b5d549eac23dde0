import { defineEntity, l, eq, keyHolders, fail, fieldRule, registerMessages, REDACTED } from '../../../server/core/api';

const MESSAGES = registerMessages({
  en: { field_param_secret_data: 'must be given a new value to make a secret parameter readable again' },
  'zh-cn': { field_param_secret_data: '取消保密时必须同时填写新的值' },
  'zh-tw': { field_param_secret_data: '取消保密時必須同時填寫新的值' },
});

export default defineEntity({
  module: 'base',
  name: 'sys/param',
  table: 'base_sys_param',
  system: 'params',
  label: l('Parameter', '参数', '參數'),
  description:
    'keyName is required and unique: it is how code reads a parameter (e.g. consoleRoleIds). ' +
    'A secret parameter (an API key, a password) can be written but never read back through the API, ' +
    'by anybody: its data is answered as [redacted]; the server reads it with paramByKey.',
  fields: {
    keyName: {
      type: 'string',
      required: true,
      unique: true,
      nullable: false,
      label: l('Key', '键', '鍵'),
    },
    name: { type: 'string', label: l('Name', '名称', '名稱') },
    data: { type: 'text', label: l('Data', '数据', '資料') },
    dataType: {
      type: 'int',
      default: 0,
      nullable: false,
      label: l('Data type', '数据类型', '資料類型'),
      enum: [
        { value: 0, label: l('String', '字符串', '字串') },
        { value: 1, label: l('Rich text', '富文本', '富文字') },
        { value: 2, label: l('File', '文件', '檔案') },
      ],
    },
    remark: { type: 'string', label: l('Remark', '备注', '備註') },
    secret: { type: 'boolean', default: false, nullable: false, label: l('Secret', '保密', '保密') },
  },
  search: { keyword: ['keyName', 'name'], equal: ['dataType'] },
  access: keyHolders,
  hooks: {
    afterRead({ rows }) {
      for (const row of rows) if (row.secret) row.data = REDACTED;
    },
    async beforeChange({ t, id, data, action }) {
      if (action !== 'update' || id === undefined) return;
      const [row] = await t.system.find('base/sys/param', eq('id', id), { fields: ['secret'] });
      if (!row || !Number(row.secret)) return;
      // A form sends back what it was shown: the placeholder means "keep the value".
      if (data.data === REDACTED) delete data.data;
      // Unflagged, the stored value would become readable: it must be replaced in the same write.
      if (data.secret === false && data.data === undefined) {
        throw fail.invalid([{ field: 'data', rule: fieldRule(MESSAGES.field_param_secret_data), params: {} }]);
      }
    },
  },
});
