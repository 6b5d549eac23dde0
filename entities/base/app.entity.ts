import { defineEntity, l } from '../../server/core/entity/define';
import { keyHolders } from '../../server/core/entity/access';

export default defineEntity({
  module: 'base',
  name: 'app',
  table: 'base_app',
  area: 'ai',
  label: l('App', '应用', '應用'),
  note:
    'name is required. tokens is the token cost of a run; config and auth are JSON settings ' +
    '(auth: the authorization the app needs). show 1 lists the app, 0 hides it.',
  fields: {
    avatar: { type: 'string', label: l('Avatar', '图标', '圖示') },
    name: { type: 'string', required: true, nullable: false, label: l('Name', '名称', '名稱') },
    isAsync: { type: 'int', default: 0, nullable: false, label: l('Asynchronous', '异步', '非同步') },
    parentType: { type: 'int', index: true, label: l('Parent type', '父类型', '父類型') },
    type: { type: 'int', label: l('Type', '类型', '類型') },
    remark: { type: 'string', label: l('Remark', '备注', '備註') },
    config: { type: 'json', label: l('Configuration', '配置', '設定') },
    auth: { type: 'json', label: l('Authorization', '授权', '授權') },
    tokens: {
      type: 'decimal',
      precision: 18,
      scale: 4,
      default: 0,
      nullable: false,
      label: l('Token cost', '代币消耗', '代幣消耗'),
    },
    efficiencyCoefficient: {
      type: 'float',
      default: 1,
      nullable: false,
      label: l('Efficiency coefficient', '效率系数', '效率係數'),
    },
    show: { type: 'int', default: 1, nullable: false, label: l('Shown', '显示', '顯示') },
  },
  search: { keyword: ['name'], equal: ['parentType', 'type', 'show'] },
  access: keyHolders,
});
