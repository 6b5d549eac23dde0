/** My AI keys (web/src/workspace/account/ai-key-form.ts): what the form writes, and a failed reply on an own key explained. */
import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../web/src/i18n';
import { authBody, formValues, isAiKind } from '../../web/src/workspace/account/ai-key-form';
import { failureText } from '../../web/src/workspace/apps/app-format';

describe('an AI key as the form writes it', () => {
  it('never sends an empty key, so an edit that leaves it empty keeps the saved one', () => {
    const v = { ...formValues(null), name: ' Mine ', kind: 'openai' as const, key: '   ' };
    expect(authBody(v)).toEqual({ name: 'Mine', type: 'openai', config: {}, status: 1 });
    expect(authBody({ ...v, key: ' sk-new ' }).secret).toBe('sk-new');
  });

  it("keeps Azure's settings for Azure only, trimmed, and the address without blanks", () => {
    const azure = {
      ...formValues(null),
      name: 'Az',
      kind: 'azure' as const,
      baseUrl: ' https://r.openai.azure.com ',
      apiVersion: '2024-10-21',
      deployment: ' gpt4o ',
    };
    expect(authBody(azure).config).toEqual({ baseUrl: 'https://r.openai.azure.com', apiVersion: '2024-10-21', deployment: 'gpt4o' });
    expect(authBody({ ...azure, kind: 'openai' }).config).toEqual({ baseUrl: 'https://r.openai.azure.com' });
    expect(authBody({ ...azure, enabled: false }).status).toBe(0);
  });

  it('fills the form from a saved key without its key, and knows the AI provider kinds', () => {
    const saved = {
      id: 3,
      name: 'K',
      kind: 'ollama' as const,
      baseUrl: 'http://h:11434/v1',
      model: 'llama3',
      apiVersion: null,
      deployment: null,
      keySet: true,
      enabled: false,
    };
    expect(formValues(saved)).toMatchObject({ name: 'K', kind: 'ollama', baseUrl: 'http://h:11434/v1', model: 'llama3', key: '', enabled: false });
    expect(isAiKind('deepseek')).toBe(true);
    expect(isAiKind('wechat')).toBe(false);
  });

  it("explains a reply that failed on the AI member's own key", () => {
    const t = ((key: string) => key) as unknown as TFunction;
    expect(failureText(t, { runId: 1, error: 'own_key' })).toBe('wsApps.failure.own_key');
  });
});
