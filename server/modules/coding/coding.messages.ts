/** Envelope messages of the code helper (`coding/getModuleTree`, `coding/createCode`). */
import { registerMessages } from '../../core/api';

/** Messages of whole answers. */
export const CODING = registerMessages({
  en: {
    coding_disabled: 'The code helper is switched off (CODING_ENABLED)',
    coding_llm_unconfigured: 'No language model is configured; give fields instead',
    coding_llm_failed: 'The language model did not answer ({reason}); try again or give fields instead',
    coding_llm_malformed: 'The language model did not answer with a valid field list ({reason}); nothing was written',
  },
  'zh-cn': {
    coding_disabled: '代码助手已关闭（CODING_ENABLED）',
    coding_llm_unconfigured: '未配置语言模型，请直接填写字段',
    coding_llm_failed: '语言模型未应答（{reason}），请重试或直接填写字段',
    coding_llm_malformed: '语言模型的回答不是有效的字段列表（{reason}），未写入任何内容',
  },
  'zh-tw': {
    coding_disabled: '程式碼助手已關閉（CODING_ENABLED）',
    coding_llm_unconfigured: '未設定語言模型，請直接填寫欄位',
    coding_llm_failed: '語言模型未回應（{reason}），請重試或直接填寫欄位',
    coding_llm_malformed: '語言模型的回答不是有效的欄位清單（{reason}），未寫入任何內容',
  },
});

/** Reasons of 1002 entries (`field_…` keys, for fieldRule). */
export const CODING_FIELD = registerMessages({
  en: {
    field_coding_module_name: 'must be lower-case letters and digits, starting with a letter',
    field_coding_module_unknown: 'is not an existing module (send newModule: true to create one)',
    field_coding_entity_name: 'must be camelCase segments of letters and digits separated by /',
    field_coding_field_name: 'must be a letter followed by letters, digits or _',
    field_coding_reserved: 'is a name the core reserves',
    field_coding_twice: 'is given twice',
    field_coding_exists: 'already exists',
    field_coding_count: 'must hold {min} to {max} fields',
    field_coding_length_string: 'is only for string fields',
    field_coding_dict_unknown: 'is not the key of an existing dictionary type',
    field_coding_too_long: 'makes the table name {table} longer than {max} characters',
    field_coding_invalid: 'do not make a valid entity: {reason}',
  },
  'zh-cn': {
    field_coding_module_name: '只能由小写字母和数字组成，并以字母开头',
    field_coding_module_unknown: '不是已有模块（如需新建模块请传 newModule: true）',
    field_coding_entity_name: '必须是以 / 分隔的驼峰式片段（字母和数字）',
    field_coding_field_name: '必须以字母开头，后接字母、数字或 _',
    field_coding_reserved: '是系统保留的名称',
    field_coding_twice: '重复出现',
    field_coding_exists: '已存在',
    field_coding_count: '字段数必须为 {min} 到 {max} 个',
    field_coding_length_string: '仅适用于字符串字段',
    field_coding_dict_unknown: '不是已有字典类型的标识',
    field_coding_too_long: '会使表名 {table} 超过 {max} 个字符',
    field_coding_invalid: '无法组成有效的实体：{reason}',
  },
  'zh-tw': {
    field_coding_module_name: '只能由小寫字母和數字組成，並以字母開頭',
    field_coding_module_unknown: '不是既有模組（如需新建模組請傳 newModule: true）',
    field_coding_entity_name: '必須是以 / 分隔的駝峰式片段（字母和數字）',
    field_coding_field_name: '必須以字母開頭，後接字母、數字或 _',
    field_coding_reserved: '是系統保留的名稱',
    field_coding_twice: '重複出現',
    field_coding_exists: '已存在',
    field_coding_count: '欄位數必須為 {min} 到 {max} 個',
    field_coding_length_string: '僅適用於字串欄位',
    field_coding_dict_unknown: '不是既有字典類型的標識',
    field_coding_too_long: '會使資料表名稱 {table} 超過 {max} 個字元',
    field_coding_invalid: '無法組成有效的實體：{reason}',
  },
});
