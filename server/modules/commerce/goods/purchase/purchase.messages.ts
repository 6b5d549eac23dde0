/** Envelope and notice messages of what a purchase delivers (goods/purchase). */
import { registerMessages } from '../../../../core/api';

export const PURCHASE = registerMessages({
  en: {
    purchase_not_found: 'This purchase does not exist or was refunded',
    purchase_not_ai: 'This purchase is not of an AI member',
    purchase_ai_in_group: 'This AI member is already in that group',
    notify_taken_ai: 'Refunded, so taken back: the AI member {name} left {count} of your groups',
    notify_taken_group: 'Refunded, so taken back: your place in {group}',
    notify_taken_files: 'Refunded, so taken back: the files of {title} can no longer be downloaded',
  },
  'zh-cn': {
    purchase_not_found: '该购买记录不存在或已退款',
    purchase_not_ai: '该购买记录不是 AI 成员',
    purchase_ai_in_group: '该 AI 成员已在那个群组中',
    notify_taken_ai: '已退款，因此收回：AI 成员 {name} 已离开您的 {count} 个群组',
    notify_taken_group: '已退款，因此收回：您在 {group} 的席位',
    notify_taken_files: '已退款，因此收回：{title} 的文件已无法下载',
  },
  'zh-tw': {
    purchase_not_found: '此購買紀錄不存在或已退款',
    purchase_not_ai: '此購買紀錄不是 AI 成員',
    purchase_ai_in_group: '此 AI 成員已在那個群組中',
    notify_taken_ai: '已退款，因此收回：AI 成員 {name} 已離開您的 {count} 個群組',
    notify_taken_group: '已退款，因此收回：您在 {group} 的席位',
    notify_taken_files: '已退款，因此收回：{title} 的檔案已無法下載',
  },
});
