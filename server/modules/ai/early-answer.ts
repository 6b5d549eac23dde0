/**
 * A sync run's question to the model, asked as soon as the run's checks have passed, while its
 * request message, run row and reservation are still being written. The model's first token takes
 * hundreds of milliseconds and the writing a few; done one after the other the member waits for
 * both, side by side only for the longer.
 *
 * Pieces that come before the run exists are held, then handed on in order by `attach`. When the
 * run is not written after all (the reservation lost a race for the last tokens, a retry's clientId
 * turned out to be taken), `cancel` aborts the call: nobody is charged and nothing is delivered.
 * The checks before the question (the app, the input, the conversation, the balance, a clientId
 * used before) are the ones that refuse nearly every start that fails, so a question asked in vain
 * is rare and is cut off at once.
 */
import type { Core, Row } from '../../core/api';
import type { LlmAnswer, LlmMessage } from '../../adapters/llm.adapter';
import { modelOf, paramsOf, systemPromptOf } from './app-config';
import { llmFor } from './llm.service';
import type { AiLimits } from './ai-limits';
import type { ChosenModel } from './models/model-registry';
import { askWithFallback } from './models/ask-with-fallback';

/** The model's messages: the app's system prompt, then the member's input (an object as its JSON text). */
export function promptOf(config: Row, input: unknown): LlmMessage[] {
  const messages: LlmMessage[] = [];
  const system = systemPromptOf(config);
  if (system) messages.push({ role: 'system', content: system });
  messages.push({ role: 'user', content: typeof input === 'string' ? input : JSON.stringify(input) });
  return messages;
}

export class EarlyAnswer {
  /** Settles with the whole answer, or rejects with the model's failure (a time-out is `aborted`). */
  readonly answer: Promise<LlmAnswer>;
  /** The registry model that answered (the chosen one or its fallback), once the answer has come. */
  used: ChosenModel | null = null;
  private held: string[] = [];
  private sink: ((piece: string) => void) | null = null;
  private readonly stop = new AbortController();

  /**
   * Asks now; the run's time limit (`runMs`) counts from here; the parameters sent stay within
   * `limits`. The model is `chosen` from the registry (model-registry.ts), else config.model of the
   * environment's provider.
   */
  constructor(core: Core, config: Row, input: unknown, runMs: number, limits: AiLimits, chosen?: ChosenModel) {
    const timer = setTimeout(() => this.stop.abort(), runMs);
    const req = {
      messages: promptOf(config, input),
      params: paramsOf(config, limits, chosen?.row?.maxTokens),
      signal: this.stop.signal,
      onDelta: (piece: string) => (this.sink ? this.sink(piece) : this.held.push(piece)),
    };
    // A registry model falls back to its configured fallback when its provider fails before any text.
    this.answer = chosen
      ? askWithFallback(chosen, req).then(({ answer, used }) => ((this.used = used), answer))
      : llmFor(core).chat({ ...req, model: modelOf(config) ?? undefined });
    // Also marks a failure as handled while nobody awaits the answer yet (a cancelled question).
    void this.answer.then(
      () => clearTimeout(timer),
      () => clearTimeout(timer),
    );
  }

  /** The run exists: the pieces held go to `sink` now, in order, and later ones as they come. */
  attach(sink: (piece: string) => void): void {
    const held = this.held;
    this.held = [];
    this.sink = sink;
    for (const piece of held) sink(piece);
  }

  /** The run was not written: the question is cut off and its answer dropped. */
  cancel(): void {
    this.stop.abort();
  }
}
