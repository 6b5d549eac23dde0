import { defineEntity, l } from '../../../server/core/entity/define';

export default defineEntity({
  module: 'base',
  name: 'sys/param',
  table: 'base_sys_param',
  label: l('Parameter', '参数', '參數'),
  note: 'keyName is required and unique: it is how code reads a parameter (e.g. consoleRoleIds).',
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
  },
  search: { keyword: ['keyName', 'name'], equal: ['dataType'] },
});
