import { registerMessages } from '../../../core/api';

export const MODELS = registerMessages({
  en: {
    ai_provider_not_found: 'No such model provider',
    ai_provider_test_input: 'Give the id of a saved provider, or its kind and base URL',
    ai_provider_refused_key: 'The provider refused the key (HTTP {status}): {detail}',
    ai_provider_http_error: 'The provider answered HTTP {status}: {detail}',
    ai_provider_unreachable: 'Could not reach {url}: {detail}',
    ai_provider_bad_answer: 'The provider answered something that is not a model list',
  },
  'zh-cn': {
    ai_provider_not_found: '模型提供方不存在',
    ai_provider_test_input: '请给出已保存提供方的 id，或其类型与接口地址',
    ai_provider_refused_key: '提供方拒绝了该密钥（HTTP {status}）：{detail}',
    ai_provider_http_error: '提供方返回 HTTP {status}：{detail}',
    ai_provider_unreachable: '无法连接 {url}：{detail}',
    ai_provider_bad_answer: '提供方返回的不是模型列表',
  },
  'zh-tw': {
    ai_provider_not_found: '模型提供者不存在',
    ai_provider_test_input: '請提供已儲存提供者的 id，或其類型與介面位址',
    ai_provider_refused_key: '提供者拒絕了該金鑰（HTTP {status}）：{detail}',
    ai_provider_http_error: '提供者回應 HTTP {status}：{detail}',
    ai_provider_unreachable: '無法連線 {url}：{detail}',
    ai_provider_bad_answer: '提供者回應的不是模型清單',
  },
});
