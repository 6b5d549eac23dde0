import { describe, expect, it } from 'vitest';
import { modelOptions, type PickableModel } from '../../web/src/workspace/board/ai-model-options';

const t = (key: string, params?: Record<string, unknown>) => (params ? `${key} ${JSON.stringify(params)}` : key);
const model = (modelId: string, name: string, priceInput = 0, priceOutput = 0, isDefault = false): PickableModel => ({
  modelId,
  name,
  priceInput,
  priceOutput,
  isDefault,
});

describe('the options of an AI member’s model select', () => {
  it('lists each model by its name with its prices by use, the value its provider’s model id', () => {
    expect(modelOptions([model('gpt-4o-mini', 'GPT mini', 1500, 6000, true)], '', t, 'en')).toEqual([
      { value: 'gpt-4o-mini', label: 'GPT mini', note: 'wsBoard.ai.modelPrice {"input":"1,500","output":"6,000"}' },
    ]);
  });

  it('keeps one option per model id, the first, as the server resolves a repeated id', () => {
    const options = modelOptions(
      [model('qwen-plus', 'Qwen (DashScope)'), model('qwen-plus', 'Qwen (OpenRouter)'), model('deepseek-chat', 'DeepSeek')],
      '',
      t,
      'en',
    );
    expect(options.map((o) => [o.value, o.label])).toEqual([
      ['qwen-plus', 'Qwen (DashScope)'],
      ['deepseek-chat', 'DeepSeek'],
    ]);
  });

  it('keeps a model the list does not name (free text of an older row) as an option of its own, marked', () => {
    const options = modelOptions([model('gpt-4o-mini', 'GPT mini')], 'm-1', t, 'en');
    expect(options.at(-1)).toEqual({ value: 'm-1', label: 'm-1', note: 'wsBoard.ai.modelUnlisted' });
    expect(modelOptions([model('m-1', 'Listed')], 'm-1', t, 'en')).toHaveLength(1);
  });

  it('shows only the current model while the list loads', () => {
    expect(modelOptions(null, 'm-1', t, 'en')).toEqual([{ value: 'm-1', label: 'm-1', note: '' }]);
    expect(modelOptions(null, '', t, 'en')).toEqual([]);
  });
});
