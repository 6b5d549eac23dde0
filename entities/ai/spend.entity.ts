import { defineEntity, l } from '../../server/core/api';

/** Whose spend a row counts: a member's own runs, or every run in a group's (or a team's) conversation. */
export const SPEND_SCOPES = ['member', 'group', 'team'] as const;

export default defineEntity({
  module: 'ai',
  name: 'spend',
  table: 'ai_spend',
  area: 'ai',
  label: l('AI spend', 'AI 花费', 'AI 花費'),
  description:
    'What AI runs have taken against a budget (issue 39, server/modules/ai/budgets.ts): one row per scope (member: ' +
    "the payer's own runs; group / team: every member's runs in that group's conversation), scopeId (the user or " +
    "the group) and period ('d:YYYY-MM-DD' or 'm:YYYY-MM', days in the param siteTimeZone). spentUnits is in ledger " +
    'units (10,000 to a token): what runs hold now, a reservation added when a run starts and given back when it fails ' +
    'or settles for less. A row exists only for a scope that had a budget when a run started. Written only by the run ' +
    'path, in the transaction that reserves the run; administrators read it.',
  fields: {
    scope: {
      type: 'string',
      length: 10,
      required: true,
      nullable: false,
      label: l('Scope', '范围', '範圍'),
      enum: [
        { value: 'member', label: l('Member', '会员', '會員') },
        { value: 'group', label: l('Group', '群组', '群組') },
        { value: 'team', label: l('Team', '团队', '團隊') },
      ],
    },
    scopeId: { type: 'int', required: true, nullable: false, label: l('Member or group', '会员或群组', '會員或群組') },
    period: { type: 'string', length: 12, required: true, nullable: false, label: l('Period', '周期', '週期') },
    spentUnits: {
      type: 'bigint',
      default: 0,
      nullable: false,
      label: l('Spent', '已花费', '已花費'),
      unit: l('ten-thousandths of a token', '万分之一代币', '萬分之一代幣'),
    },
  },
  actions: ['info', 'list', 'page'],
  indexes: [{ fields: ['scope', 'scopeId', 'period'], unique: true }],
  search: { equal: ['scope', 'scopeId', 'period'] },
  order: { field: 'id', sort: 'desc' },
});
