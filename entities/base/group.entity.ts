import { defineEntity, l } from '../../server/core/entity/define';
import { eq, inRows, or } from '../../server/core/entity/access';

export default defineEntity({
  module: 'base',
  name: 'group',
  table: 'base_group',
  label: l('Group', '群组', '群組'),
  note:
    'name is required; userId is the creator (leader), taken from the token, and onwerIds (the ' +
    "spec's spelling) lists the deputy leaders' user ids. rows x cols is the group's grid; removal is soft (delete=1).",
  fields: {
    name: { type: 'string', required: true, nullable: false, label: l('Name', '名称', '名稱') },
    remark: { type: 'string', label: l('Remark', '备注', '備註') },
    avatar: { type: 'string', label: l('Avatar', '头像', '頭像') },
    userId: { type: 'int', index: true, label: l('Creator', '创建者', '建立者') },
    type: { type: 'int', label: l('Type', '类型', '類型') },
    onwerIds: {
      type: 'json',
      jsonType: 'array',
      items: 'integer',
      label: l('Deputy leaders', '副群主', '副群主'),
    },
    allocationRatio: {
      type: 'decimal',
      precision: 12,
      scale: 4,
      label: l('Allocation ratio', '分配比例', '分配比例'),
    },
    rewardPool: {
      type: 'decimal',
      precision: 18,
      scale: 4,
      label: l('Reward pool', '奖励池', '獎勵池'),
    },
    key: { type: 'string', index: true, label: l('Key', '标识', '標識') },
    rows: { type: 'int', default: 2, nullable: false, label: l('Rows', '行数', '列數') },
    cols: { type: 'int', default: 2, nullable: false, label: l('Columns', '列数', '欄數') },
    onBoard: { type: 'int', default: 1, nullable: false, label: l('On board', '上板', '上板') },
    channelId: { type: 'string', label: l('Channel', '频道', '頻道') },
    position: { type: 'int', label: l('Position', '位置', '位置') },
    delete: { type: 'int', default: 0, nullable: false, label: l('Deleted', '已删除', '已刪除') },
  },
  search: { equal: ['id', 'userId'] },
  owner: 'userId',
  softDelete: 'delete',
  access: {
    members: 'all',
    // The creator and the group's members read it; only the creator changes or removes it.
    read: ({ user }) => user && or(eq('userId', user.id), inRows('id', 'base/groupMember', 'groupId', eq('userId', user.id))),
    update: ({ user }) => user && eq('userId', user.id),
    delete: ({ user }) => user && eq('userId', user.id),
    create: ({ user }) => user !== null,
  },
});
