/**
 * The permission keys the member role holds: the member-facing calls of spec 001 §7 that need a
 * token. Generic CRUD keys of owned entities are included: the core's data scope keeps a member to
 * their own rows there. Seeding adds keys that were never seeded before (see core/seed.ts), so a key
 * added here reaches existing installations without overwriting what an administrator changed.
 */
const crud = (prefix: string, actions = ['add', 'update', 'delete', 'info', 'list', 'page']) => actions.map((a) => `${prefix}:${a}`);

export const MEMBER_PERMISSIONS: string[] = [
  ...['withdrawFromTeams', 'setTeamMemberRole', 'withdrawFromTeam', 'updateMemberInfo', 'groupToDesktop', 'teamsByUserId', 'memberToGroup', 'teamMember', 'joinTeam', 'teams'].map((a) => `base:groupMember:${a}`),
  ...crud('base:groupMember'),
  ...['sendTeamNotice', 'runWorkflow', 'addTask'].map((a) => `base:message:${a}`),
  ...crud('base:message', ['add', 'info', 'list', 'page']),
  ...crud('base:desktop'),
  'base:desktop:updateSortByIds',
  ...crud('base:group'),
  'base:group:updateGroupInfo',
  'base:group:list2',
  ...crud('base:friend'),
  ...crud('base:comment', ['add', 'update', 'delete', 'info', 'page']),
  'base:coupon:use',
  ...crud('base:auth', ['add', 'update', 'delete', 'info', 'list']),
  ...crud('base:media', ['add', 'update', 'delete', 'info', 'list']),
  ...crud('base:mediaCategory', ['add', 'update', 'delete', 'info', 'list']),
  'base:paidLog:list',
  ...['additionalInfo', 'becomeBlogger', 'invitedList', 'savedTimeSummary', 'isNftStacked', 'saveApp', 'updateApp'].map((a) => `base:sys:user:${a}`),
  ...['pay', 'subscribe', 'testPay', 'query'].map((a) => `base:stripe:${a}`),
  ...['testPay', 'query'].map((a) => `base:alipay:${a}`),
  ...['allGoods', 'pinnedList', 'pinnedGoodsCount', 'removedList', 'remove', 'restore', 'updateGoods', 'totalView', 'totalSold', 'totalRevenue', 'totalEarnedTokens'].map((a) => `goods:info:${a}`),
  ...crud('goods:info'),
  ...['place', 'cancel', 'myOrders', 'mySoldOrders', 'orderDetail', 'isPlaced', 'purchasedGoods', 'buyVip', 'rechargeToken'].map((a) => `goods:order:${a}`),
  ...['addFavorite', 'cancelFavorite', 'myFavorites'].map((a) => `goods:favorite:${a}`),
  ...crud('space:info'),
  ...crud('space:type', ['info', 'list', 'page']),
];
