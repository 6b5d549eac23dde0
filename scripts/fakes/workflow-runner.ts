/**
 * The workflow engine of `npm run start:fakes`: the fake engine of the async run tests
 * (tests/helpers/fake-workflow.ts: takes `POST /jobs`, refuses a job whose v2 signature does not
 * verify) that also does the work: `delayMs` after accepting a job it calls the product back, signed
 * v2, with a short text made from the job's input, so an async app's run ends on its own as with a
 * real engine. What happened to each job is written to `log`.
 */
import { FakeWorkflow, type FakeJob } from '../../tests/helpers/fake-workflow';

export interface WorkflowRunnerOptions {
  port?: number;
  secret: string;
  /** How long a job "runs" before the result is sent. */
  delayMs?: number;
  log?: (line: string) => void;
}

/** The answer of a job: what was asked, echoed, as the output an app's member sees. */
export function answerFor(job: FakeJob): { output: string; usage: { promptTokens: number; completionTokens: number } } {
  const input = typeof job.body.input === 'string' ? job.body.input : JSON.stringify(job.body.input);
  const output = `Fake workflow engine: run ${job.body.runId} done. Input was: ${input}`;
  return { output, usage: { promptTokens: Math.ceil(input.length / 4), completionTokens: Math.ceil(output.length / 4) } };
}

export async function startWorkflowRunner(opts: WorkflowRunnerOptions): Promise<FakeWorkflow> {
  const engine = await new FakeWorkflow(opts.secret).start(opts.port ?? 0);
  const log = opts.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const timers = new Set<NodeJS.Timeout>();
  engine.onJob = (job) => {
    log(`[fake workflow] run ${job.body.runId} accepted; answering in ${opts.delayMs ?? 0} ms`);
    const timer = setTimeout(() => {
      timers.delete(timer);
      engine.callBack(job, 'result', answerFor(job)).then(
        (answer) => log(`[fake workflow] run ${job.body.runId} answered: HTTP ${answer.status}, status ${String(answer.body.data?.status)}`),
        (err: unknown) => log(`[fake workflow] run ${job.body.runId}: the callback failed: ${(err as Error).message}`),
      );
    }, opts.delayMs ?? 0);
    timers.add(timer);
  };
  const close = engine.close.bind(engine);
  engine.close = async () => {
    for (const t of timers) clearTimeout(t);
    await close();
  };
  return engine;
}
