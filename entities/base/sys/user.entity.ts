import {
  defineEntity,
  enabledStatus,
  l,
  fail,
  readLinks,
  replaceLinks,
  toIds,
  and,
  eq,
  inRows,
  isIn,
  keyHolders,
  usernameColumns,
} from '../../../server/core/api';
import type { HookTransaction } from '../../../server/core/api';

const ROLES = { entity: 'base/sys/userRole', from: 'userId', to: 'roleId' };

const ADMIN_ROLE_ID = 1;

/** How many departments a `departmentIds` filter may name (the IN list limit of page and list). */
const MAX_DEPARTMENT_IDS = 1000;

/** `id -> name` of the rows of `entity` among `ids`. */
async function namesById(t: HookTransaction, entity: 'base/sys/role' | 'base/sys/department', ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await t.system.find(entity, isIn('id', ids), { fields: ['name'], deleted: true });
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * cool-admin's console asks for the users of a department and its sub-departments as
 * `departmentIds`: an equality filter on departmentId with a list (IN). Empty means no filter.
 */
function departmentIdsFilter(query: Record<string, unknown>): void {
  const raw = query.departmentIds;
  delete query.departmentIds;
  if (raw === undefined || raw === null || raw === '' || (Array.isArray(raw) && raw.length === 0)) return;
  const list = Array.isArray(raw) ? raw : [raw];
  const ids = list.map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v));
  const bad = ids.length > MAX_DEPARTMENT_IDS || !ids.every((v) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0);
  // With departmentId as well, which one would hold is anyone's guess: refused.
  const both = query.departmentId !== undefined && query.departmentId !== null && query.departmentId !== '';
  if (bad || both) throw fail.bad('bad_filter_value', { field: 'departmentIds' });
  query.departmentId = ids;
}

/**
 * What anyone may see of a user: the profile shown on a person page. Never e-mail, phone, username,
 * provider ids, tokens or balances, wallet, invite codes or remarks.
 */
const PUBLIC_PROFILE = ['id', 'nickName', 'headImg', 'avatar', 'cover', 'tags', 'followCount', 'fansCount', 'like', 'shareLink', 'isDeveloper', 'createTime'];

/** Enabled, undeleted holders of role 1, minus `exclude`. */
async function enabledAdmins(t: HookTransaction, exclude: number[]): Promise<number[]> {
  const holders = and(eq('status', 1), inRows('id', ROLES.entity, 'userId', eq('roleId', ADMIN_ROLE_ID)));
  const rows = await t.system.find('base/sys/user', holders, { fields: ['id'] });
  return rows.map((r) => Number(r.id)).filter((id) => !exclude.includes(id));
}

/** Refuses (409) a change that would leave no enabled administrator. */
async function keepOneAdmin(t: HookTransaction, losing: number[]): Promise<void> {
  const current = await enabledAdmins(t, []);
  if (!losing.some((id) => current.includes(id))) return;
  if ((await enabledAdmins(t, losing)).length === 0) throw fail.conflict('last_admin');
}

export default defineEntity({
  module: 'base',
  name: 'sys/user',
  table: 'base_sys_user',
  system: 'users',
  label: l('User', '用户', '使用者'),
  description:
    'username is required and unique; the password is hashed on write and never returned. ' +
    'username keeps what the user typed, NFKC-normalized and trimmed (case kept, for display); ' +
    'usernameKey is its canonical form (case-folded, see server/core/auth/username.ts), filled by ' +
    'beforeChange, unique and compared byte for byte: accounts, sign-in, existence checks and the ' +
    'login throttle go by it, so look-alike names are one account. ' +
    'roleIdList is virtual: read from and written to base_sys_user_role by the hooks. ' +
    'departmentName and roleName (comma-separated) are virtual and read-only, filled on read; page and ' +
    "list also take departmentIds, a list filter on departmentId (as cool-admin's console sends it). " +
    'Fields the spec lists without a type got the obvious one (ids int, flags and counters int, ' +
    'token balances decimal(18,4), key and discordInteractionData hidden as they may hold secrets).',
  fields: {
    departmentId: { type: 'int', index: true, label: l('Department', '部门', '部門') },
    name: { type: 'string', label: l('Name', '姓名', '姓名') },
    username: {
      type: 'string',
      length: 100,
      required: true,
      unique: true,
      nullable: false,
      label: l('Username', '用户名', '使用者名稱'),
    },
    usernameKey: {
      type: 'string',
      length: 191,
      unique: true,
      collation: 'binary',
      hidden: true,
      readOnly: true,
      // Labelled as the username: a look-alike's 409 names the field the user typed.
      label: l('Username', '用户名', '使用者名稱'),
    },
    password: {
      type: 'string',
      hidden: true,
      writeOnly: true,
      transform: 'password',
      label: l('Password', '密码', '密碼'),
    },
    passwordV: {
      type: 'int',
      default: 1,
      nullable: false,
      readOnly: true,
      label: l('Password version', '密码版本', '密碼版本'),
    },
    nickName: { type: 'string', label: l('Nickname', '昵称', '暱稱') },
    headImg: { type: 'string', label: l('Profile picture', '头像', '頭像') },
    avatar: { type: 'string', label: l('Avatar', '形象图', '形象圖') },
    phone: { type: 'string', length: 20, label: l('Phone', '手机号', '手機號碼') },
    email: { type: 'string', format: 'email', index: true, label: l('E-mail', '邮箱', '電子郵件') },
    remark: { type: 'string', label: l('Remark', '备注', '備註') },
    inviteCode: { type: 'string', index: true, label: l('Invite code', '邀请码', '邀請碼') },
    followCount: { type: 'int', default: 0, nullable: false, label: l('Following', '关注数', '關注數') },
    fansCount: { type: 'int', default: 0, nullable: false, label: l('Followers', '粉丝数', '粉絲數') },
    tags: { type: 'json', jsonType: 'array', label: l('Tags', '标签', '標籤') },
    type: { type: 'int', label: l('Type', '类型', '類型') },
    parentType: { type: 'int', label: l('Parent type', '父类型', '父類型') },
    config: { type: 'json', label: l('Configuration', '配置', '設定') },
    configPacks: { type: 'json', label: l('Configuration packs', '配置包', '設定包') },
    ownerId: { type: 'int', index: true, label: l('Owner', '所有者', '擁有者') },
    industryId: { type: 'int', label: l('Industry', '行业', '產業') },
    online: { type: 'int', default: 0, nullable: false, label: l('Online', '在线', '線上') },
    key: { type: 'string', hidden: true, label: l('Key', '密钥', '金鑰') },
    inviteId: { type: 'int', index: true, label: l('Invited by', '邀请人', '邀請人') },
    cover: { type: 'string', label: l('Profile cover', '个人封面', '個人封面') },
    like: { type: 'int', default: 0, nullable: false, label: l('Likes', '点赞数', '按讚數') },
    likeIds: {
      type: 'json',
      jsonType: 'array',
      items: 'integer',
      label: l('Liked ids', '点赞记录', '按讚紀錄'),
    },
    teamId: { type: 'int', index: true, label: l('Team', '团队', '團隊') },
    teamInviteId: { type: 'int', label: l('Team inviter', '团队邀请人', '團隊邀請人') },
    // The member's interface language: what the server writes to them (notifications, e-mails, order titles) is in it.
    language: {
      type: 'string',
      label: l('Language', '语言', '語言'),
      enum: [
        { value: 'en', label: l('English', 'English', 'English') },
        { value: 'zh-cn', label: l('简体中文', '简体中文', '简体中文') },
        { value: 'zh-tw', label: l('繁體中文', '繁體中文', '繁體中文') },
      ],
    },
    serviceCode: { type: 'string', label: l('Service code', '服务码', '服務碼') },
    googleId: { type: 'string', index: true, label: l('Google account', 'Google 账号', 'Google 帳號') },
    discordId: { type: 'string', index: true, label: l('Discord account', 'Discord 账号', 'Discord 帳號') },
    status: enabledStatus(1),
    socketId: { type: 'string', readOnly: true, label: l('Socket id', '连接标识', '連線識別碼') },
    shareLink: {
      type: 'json',
      jsonType: 'object',
      label: l('Share links', '分享链接', '分享連結'),
    },
    starWalletAddress: { type: 'string', label: l('Wallet address', '钱包地址', '錢包地址') },
    tokens: {
      type: 'decimal',
      precision: 18,
      scale: 4,
      default: 0,
      nullable: false,
      // Balances move only through the ledger (base/tokenLog/adjust and the money paths), never by an edit.
      readOnly: true,
      label: l('Tokens', '代币', '代幣'),
    },
    earnedTokens: {
      type: 'decimal',
      precision: 18,
      scale: 4,
      default: 0,
      nullable: false,
      readOnly: true,
      label: l('Earned tokens', '已赚代币', '已賺代幣'),
    },
    withdrawableTokens: {
      type: 'decimal',
      precision: 18,
      scale: 4,
      default: 0,
      nullable: false,
      readOnly: true,
      label: l('Withdrawable tokens', '可提现代币', '可提領代幣'),
    },
    invitationShortUrl: { type: 'string', label: l('Invitation short link', '邀请短链接', '邀請短網址') },
    discordInteractionData: {
      type: 'json',
      hidden: true,
      label: l('Discord interaction data', 'Discord 交互数据', 'Discord 互動資料'),
    },
    runTimes: { type: 'int', default: 0, nullable: false, label: l('Runs', '运行次数', '執行次數') },
    isDeveloper: { type: 'int', default: 0, nullable: false, label: l('Developer', '开发者', '開發者') },
    userType: { type: 'int', label: l('User type', '用户类型', '使用者類型') },
    vipType: { type: 'int', label: l('VIP type', 'VIP 类型', 'VIP 類型') },
    vipEndTime: { type: 'datetime', label: l('VIP expires', 'VIP 到期时间', 'VIP 到期時間') },
    efficiencyCoefficient: {
      type: 'float',
      default: 1,
      nullable: false,
      label: l('Efficiency coefficient', '效率系数', '效率係數'),
    },
    subscriptionId: { type: 'string', label: l('Subscription', '订阅', '訂閱') },
    delete: { type: 'int', default: 0, nullable: false, label: l('Deleted', '已删除', '已刪除') },
    copyright: { type: 'string', label: l('Copyright', '版权', '版權') },
    couponInfo: { type: 'json', label: l('Coupon info', '兑换码信息', '兌換碼資訊') },
    roleIdList: {
      type: 'json',
      jsonType: 'array',
      items: 'integer',
      virtual: true,
      label: l('Roles', '角色', '角色'),
    },
    // Read-only conveniences for user lists (cool-admin's console shows them): filled by afterRead.
    departmentName: { type: 'string', virtual: true, readOnly: true, label: l('Department name', '部门名称', '部門名稱') },
    roleName: { type: 'string', virtual: true, readOnly: true, label: l('Role names', '角色名称', '角色名稱') },
  },
  search: { keyword: ['username', 'nickName', 'email'], equal: ['departmentId', 'status'] },
  softDelete: 'delete',
  access: {
    ...keyHolders,
    // Staff roles manage the users of their data scope, but never hand out the administrator role.
    create: ({ user, data }) => user !== null && !(Array.isArray(data.roleIdList) && toIds(data.roleIdList).includes(ADMIN_ROLE_ID)),
    visible: { anonymous: PUBLIC_PROFILE, member: PUBLIC_PROFILE },
    // Linked only with a signature proof (base/sys/user/bindWallet); administrators may still edit it.
    adminOnly: ['starWalletAddress'],
  },
  hooks: {
    beforeRead({ query }) {
      departmentIdsFilter(query);
    },
    async afterRead({ t, rows }) {
      const ids = rows.map((row) => Number(row.id)).filter((id) => Number.isInteger(id));
      const byUser = await readLinks(t, ROLES, [...new Set(ids)]);
      const roleIds = [...new Set([...byUser.values()].flat())];
      const departmentIds = [...new Set(rows.map((row) => Number(row.departmentId)).filter((id) => Number.isInteger(id) && id > 0))];
      const roles = await namesById(t, 'base/sys/role', roleIds);
      const departments = await namesById(t, 'base/sys/department', departmentIds);
      for (const row of rows) {
        const mine = byUser.get(Number(row.id)) ?? [];
        row.roleIdList = mine;
        // Comma-separated, as cool-admin joins them; null without roles or department.
        row.roleName =
          mine
            .map((id) => roles.get(id))
            .filter((n) => n !== undefined)
            .join(',') || null;
        row.departmentName = departments.get(Number(row.departmentId)) ?? null;
      }
    },
    async beforeChange({ t, id, data, action }) {
      if (data.username !== undefined) Object.assign(data, usernameColumns(data.username));
      if (action !== 'update' || id === undefined) return;
      const disabling = data.status === 0;
      const droppingAdmin = Array.isArray(data.roleIdList) && !toIds(data.roleIdList).includes(ADMIN_ROLE_ID);
      if (disabling || droppingAdmin) await keepOneAdmin(t, [id]);
    },
    async afterChange({ t, id, data, action }) {
      if (action === 'update' && typeof data.password === 'string' && data.password !== '') {
        // A new password ends every session signed in with the old one (the update already set updateTime).
        await t.system.increment('base/sys/user', id, 'passwordV', 1, { touch: false });
      }
      if (!Array.isArray(data.roleIdList)) return;
      await replaceLinks(t, ROLES, id, toIds(data.roleIdList));
    },
    async beforeDelete({ t, ids }) {
      await keepOneAdmin(t, ids);
    },
  },
});
