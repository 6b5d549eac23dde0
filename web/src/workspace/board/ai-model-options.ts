/**
 * The options of an AI member's model select (AiModelSelect.tsx) from the site's models
 * (`base/app/models`): one per provider model id, the first of a repeated id as the server resolves
 * it, each with its prices by use; a current value the list does not name (free text from before
 * the site listed models, or a model since turned off) is kept as an option of its own, marked, so
 * the row shows what it holds. While the list loads (`models` null) only the current value shows.
 */
import { formatTokens } from '../../app/money';

export interface PickableModel {
  modelId: string;
  name: string;
  priceInput: number;
  priceOutput: number;
  isDefault: boolean;
}

export interface ModelOption {
  value: string;
  label: string;
  /** The second line: the prices by use, or that the model is not listed. */
  note: string;
}

type T = (key: string, vars?: Record<string, unknown>) => string;

export function modelOptions(models: PickableModel[] | null, current: string, t: T, lang: string): ModelOption[] {
  if (models === null) return current ? [{ value: current, label: current, note: '' }] : [];
  const options: ModelOption[] = [];
  for (const m of models) {
    if (options.some((o) => o.value === m.modelId)) continue;
    options.push({
      value: m.modelId,
      label: m.name,
      note: t('wsBoard.ai.modelPrice', { input: formatTokens(m.priceInput, lang), output: formatTokens(m.priceOutput, lang) }),
    });
  }
  if (current && !options.some((o) => o.value === current)) options.push({ value: current, label: current, note: t('wsBoard.ai.modelUnlisted') });
  return options;
}
