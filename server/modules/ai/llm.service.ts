/**
 * The external AI services of a running core, one of each per core (like the file stores of
 * server/modules/files/storage.service.ts), made on first use from the core's configuration:
 * `llmFor` answers sync app runs (and, next, AI members in chat); `workflowFor` runs async apps.
 * Tests give each app its own environment, so two cores in one process never share an adapter.
 */
import type { Core } from '../../core/api';
import { createLlm, type LlmAdapter } from '../../adapters/llm.adapter';
import { createWorkflow, type WorkflowAdapter } from '../../adapters/workflow.adapter';

const llms = new WeakMap<Core, LlmAdapter>();
const engines = new WeakMap<Core, WorkflowAdapter>();

/** The language model of `core` (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL...). */
export function llmFor(core: Core): LlmAdapter {
  let llm = llms.get(core);
  if (!llm) {
    llm = createLlm(core.config.env);
    llms.set(core, llm);
  }
  return llm;
}

/** The workflow engine of `core` (WORKFLOW_URL, WORKFLOW_SECRET). */
export function workflowFor(core: Core): WorkflowAdapter {
  let engine = engines.get(core);
  if (!engine) {
    engine = createWorkflow(core.config.env);
    engines.set(core, engine);
  }
  return engine;
}
