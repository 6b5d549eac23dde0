/** Envelope messages in the three languages; `{name}` marks a parameter. */
const en = {
  success: 'success',
  validation_failed: 'Invalid input: {count} field(s) rejected',
  not_signed_in: 'Not signed in, or the session has expired',
  token_invalid: 'The token is invalid or has expired',
  refresh_token_invalid: 'The refresh token is invalid or has expired',
  no_permission: 'You do not have permission for this action',
  not_found: 'Not found',
  route_not_found: 'No such route',
  record_not_found: 'Record not found',
  records_not_found: 'Records not found: {ids}; nothing was deleted',
  records_not_found_unchanged: 'Records not found: {ids}; nothing was changed',
  body_too_large: 'The request body is too large',
  body_malformed: 'The request body is not valid JSON',
  body_not_object: 'The request body must be a JSON object',
  body_not_object_or_array: 'The request body must be a JSON object or an array of objects',
  server_error: 'Server error, please try again later',
  bad_order: 'Cannot sort by "{field}"',
  bad_sort: 'Sort direction must be asc or desc',
  bad_filter: 'Cannot filter by "{field}"',
  bad_filter_value: 'Bad value for filter "{field}"',
  bad_keyword: 'keyWord must be text',
  bad_page: 'page must be a whole number from 1',
  bad_size: 'size must be a whole number from 1 to {max}',
  bad_id: 'id must be a positive whole number',
  bad_ids: 'ids must be a non-empty list of positive whole numbers',
  batch_too_large: 'At most {max} rows can be added at once',
  duplicate: 'A record with the same "{field}" already exists',
  captcha_required: 'Please enter the verification code',
  captcha_wrong: 'The verification code is wrong or has expired',
  login_failed: 'Wrong username or password',
  account_disabled: 'This account is disabled',
  recycle_conflict: 'The record cannot be restored: a row with id {id} already exists',
  recycle_gone: 'The deleted record no longer exists',
  protected_role: 'The administrator role cannot be changed this way',
  last_admin: 'The last enabled administrator cannot be removed or disabled',
  too_many_requests: 'Too many requests, please try again later',
  field_required: 'is required',
  field_type: 'must be {type}',
  field_max_length: 'must be at most {limit} characters',
  field_min_length: 'must not be empty',
  field_enum: 'must be one of {values}',
  field_unknown: 'is not a field of this entity',
  field_format: 'must be a valid {format}',
  field_range: 'is out of range',
  field_invalid: 'is invalid',
  field_length: 'must be {min} to {max} characters',
  field_characters: 'must not contain control, invisible or text-direction characters',
  field_depth: 'must not nest arrays and objects more than {max} levels deep',
  original_password_wrong: 'The original password is wrong',
} as const;

export type MessageKey = keyof typeof en;
type Dict = Record<MessageKey, string>;

const zhCn: Dict = {
  success: 'success',
  validation_failed: '输入有误：{count} 个字段未通过校验',
  not_signed_in: '未登录或登录已失效',
  token_invalid: '令牌无效或已过期',
  refresh_token_invalid: '刷新令牌无效或已过期',
  no_permission: '没有执行此操作的权限',
  not_found: '未找到',
  route_not_found: '接口不存在',
  record_not_found: '记录不存在',
  records_not_found: '记录不存在：{ids}；未删除任何数据',
  records_not_found_unchanged: '记录不存在：{ids}；未修改任何数据',
  body_too_large: '请求体过大',
  body_malformed: '请求体不是合法的 JSON',
  body_not_object: '请求体必须是 JSON 对象',
  body_not_object_or_array: '请求体必须是 JSON 对象或对象数组',
  server_error: '服务器错误，请稍后再试',
  bad_order: '不能按“{field}”排序',
  bad_sort: '排序方向只能是 asc 或 desc',
  bad_filter: '不能按“{field}”筛选',
  bad_filter_value: '筛选条件“{field}”的值有误',
  bad_keyword: 'keyWord 必须是文本',
  bad_page: 'page 必须是从 1 开始的整数',
  bad_size: 'size 必须是 1 到 {max} 之间的整数',
  bad_id: 'id 必须是正整数',
  bad_ids: 'ids 必须是非空的正整数列表',
  batch_too_large: '一次最多新增 {max} 条',
  duplicate: '已存在相同“{field}”的记录',
  captcha_required: '请输入验证码',
  captcha_wrong: '验证码错误或已过期',
  login_failed: '用户名或密码错误',
  account_disabled: '该账号已被禁用',
  recycle_conflict: '无法恢复：id 为 {id} 的记录已存在',
  recycle_gone: '该删除记录已不存在',
  protected_role: '不能以此方式修改管理员角色',
  last_admin: '不能删除或禁用最后一个启用的管理员',
  too_many_requests: '请求过于频繁，请稍后再试',
  field_required: '不能为空',
  field_type: '类型应为 {type}',
  field_max_length: '长度不能超过 {limit} 个字符',
  field_min_length: '不能为空',
  field_enum: '只能是 {values} 之一',
  field_unknown: '不是该实体的字段',
  field_format: '不是有效的 {format}',
  field_range: '超出范围',
  field_invalid: '无效',
  field_length: '长度应为 {min} 到 {max} 个字符',
  field_characters: '不能包含控制字符、不可见字符或文字方向字符',
  field_depth: '数组和对象的嵌套不能超过 {max} 层',
  original_password_wrong: '原密码错误',
};

const zhTw: Dict = {
  success: 'success',
  validation_failed: '輸入有誤：{count} 個欄位未通過校驗',
  not_signed_in: '未登入或登入已失效',
  token_invalid: '權杖無效或已過期',
  refresh_token_invalid: '重新整理權杖無效或已過期',
  no_permission: '沒有執行此操作的權限',
  not_found: '找不到',
  route_not_found: '介面不存在',
  record_not_found: '記錄不存在',
  records_not_found: '記錄不存在：{ids}；未刪除任何資料',
  records_not_found_unchanged: '記錄不存在：{ids}；未修改任何資料',
  body_too_large: '請求內容過大',
  body_malformed: '請求內容不是合法的 JSON',
  body_not_object: '請求內容必須是 JSON 物件',
  body_not_object_or_array: '請求內容必須是 JSON 物件或物件陣列',
  server_error: '伺服器錯誤，請稍後再試',
  bad_order: '不能按「{field}」排序',
  bad_sort: '排序方向只能是 asc 或 desc',
  bad_filter: '不能按「{field}」篩選',
  bad_filter_value: '篩選條件「{field}」的值有誤',
  bad_keyword: 'keyWord 必須是文字',
  bad_page: 'page 必須是從 1 開始的整數',
  bad_size: 'size 必須是 1 到 {max} 之間的整數',
  bad_id: 'id 必須是正整數',
  bad_ids: 'ids 必須是非空的正整數清單',
  batch_too_large: '一次最多新增 {max} 筆',
  duplicate: '已存在相同「{field}」的記錄',
  captcha_required: '請輸入驗證碼',
  captcha_wrong: '驗證碼錯誤或已過期',
  login_failed: '使用者名稱或密碼錯誤',
  account_disabled: '此帳號已被停用',
  recycle_conflict: '無法復原：id 為 {id} 的記錄已存在',
  recycle_gone: '該刪除記錄已不存在',
  protected_role: '不能以此方式修改管理員角色',
  last_admin: '不能刪除或停用最後一個啟用的管理員',
  too_many_requests: '請求過於頻繁，請稍後再試',
  field_required: '不能為空',
  field_type: '類型應為 {type}',
  field_max_length: '長度不能超過 {limit} 個字元',
  field_min_length: '不能為空',
  field_enum: '只能是 {values} 之一',
  field_unknown: '不是此實體的欄位',
  field_format: '不是有效的 {format}',
  field_range: '超出範圍',
  field_invalid: '無效',
  field_length: '長度應為 {min} 到 {max} 個字元',
  field_characters: '不能包含控制字元、不可見字元或文字方向字元',
  field_depth: '陣列與物件的巢狀不能超過 {max} 層',
  original_password_wrong: '原密碼錯誤',
};

export type Lang = 'en' | 'zh-cn' | 'zh-tw';
export const MESSAGES: Record<Lang, Record<string, string>> = { en, 'zh-cn': zhCn, 'zh-tw': zhTw };

/**
 * Adds a module's own envelope messages (the same keys in all three languages), so modules need not
 * edit this file. Returns the keys, typed, for use with AppError.
 */
export function registerMessages<K extends string>(dict: Record<Lang, Record<K, string>>): Record<K, K> {
  const keys = Object.keys(dict.en) as K[];
  for (const lang of ['zh-cn', 'zh-tw'] as const) {
    const missing = keys.filter((k) => !(k in dict[lang]));
    if (missing.length) throw new Error(`messages ${missing.join(', ')} lack a ${lang} text`);
  }
  for (const lang of ['en', 'zh-cn', 'zh-tw'] as const) {
    for (const k of keys) {
      if (k in MESSAGES[lang] && MESSAGES[lang][k] !== dict[lang][k]) throw new Error(`message ${k} is registered twice`);
      MESSAGES[lang][k] = dict[lang][k];
    }
  }
  return Object.fromEntries(keys.map((k) => [k, k])) as Record<K, K>;
}

/** The rule an InvalidField names for a `field_…` message key (the envelope adds `field_` back). */
export function fieldRule(key: `field_${string}`): string {
  return key.slice('field_'.length);
}

/** The language of a request's `language` header (or Accept-Language), en by default. */
export function pickLang(header: string | undefined): Lang {
  const h = (header ?? '').toLowerCase();
  if (h.startsWith('zh-tw') || h.startsWith('zh-hk') || h.startsWith('zh-hant')) return 'zh-tw';
  if (h.startsWith('zh')) return 'zh-cn';
  return 'en';
}

export function t(lang: Lang, key: MessageKey | (string & {}), params: Record<string, string | number> = {}): string {
  return (MESSAGES[lang][key] ?? MESSAGES.en[key] ?? key).replace(/\{(\w+)\}/g, (_, p: string) => String(params[p] ?? `{${p}}`));
}
