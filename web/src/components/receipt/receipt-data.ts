/**
 * A run's receipt as the web reads it (`base/run/receipt`): shared by the workspace (runs, chat) and
 * the console (AI runs, token log).
 */
import { calls } from '../../app/data';

/** A run's receipt: what answered, the usage, the rate, the money and its ledger entries. */
export type RunReceiptData = Awaited<ReturnType<typeof calls.base.run.receipt>>;

/** The receipt of run `runId`: a member's own runs only (another's answers 404), any run to an administrator. */
export function loadReceipt(runId: number): Promise<RunReceiptData> {
  return calls.base.run.receipt({ id: runId }, { silent: true });
}
