/**
 * The AI runs' server calls (issue 20), typed, over the app's data layer: the public app catalogue,
 * starting a run (`message/runWorkflow` for sync apps, `message/addTask` for async ones), the
 * time the member's runs saved and a run's receipt. Calls are silent: the screens show what went wrong themselves.
 *
 *   const groups = await loadCatalogue();
 *   const r = await startRun(app, 'Summarise this', { toType: 1, toId: 7 }, clientId);
 *   // r: { runId, message, cost, balance }
 */
import { calls } from '../../app/data';
import type { ChatMessage, Target } from '../../app/socket';
import { isAsyncApp, type AppGroup, type PublicApp } from './app-cost';

/** What a run call answers at once. */
export interface RunAnswer {
  runId: number;
  /** The request message stored in the conversation. */
  message: ChatMessage;
  /** Tokens reserved for the run. */
  cost: number;
  /** The member's token balance after the reservation. */
  balance: number;
}

export interface SavedTime {
  runs: number;
  minutes: number;
  byApp: Array<{ appId: number | null; name: string | null; runs: number; minutes: number }>;
}

const quiet = { silent: true } as const;

let catalogue: Promise<AppGroup[]> | null = null;

/** `app/all`, asked once per page load (again after a failure, or when `fresh`); public, so sent without a token. */
export function loadCatalogue(fresh = false): Promise<AppGroup[]> {
  if (fresh || !catalogue) {
    const asking = (calls.base.app.all({}, { ...quiet, skipAuth: true }) as Promise<AppGroup[]>).then((groups) => (Array.isArray(groups) ? groups : []));
    catalogue = asking;
    asking.catch(() => {
      if (catalogue === asking) catalogue = null;
    });
  }
  return catalogue;
}

/** Every app of the catalogue by id. */
export function appsById(groups: readonly AppGroup[]): Map<number, PublicApp> {
  const out = new Map<number, PublicApp>();
  for (const g of groups) for (const a of g.apps) out.set(Number(a.id), a);
  return out;
}

/**
 * Starts a run of `app` with `input`: in the conversation `target`, or in the member's own runs
 * conversation when null. `clientId` makes a repeated start (after a lost answer) the same run.
 */
export function startRun(app: PublicApp, input: unknown, target: Target | null, clientId: string): Promise<RunAnswer> {
  // The input is the run form's values (an object) or a prompt (text), as the call takes.
  const body = {
    appId: Number(app.id),
    input: input as string | Record<string, unknown>,
    clientId,
    ...(target ? { toType: target.toType, toId: target.toId } : {}),
  };
  const start = isAsyncApp(app) ? calls.base.message.addTask : calls.base.message.runWorkflow;
  return start(body, quiet) as Promise<RunAnswer>;
}

export function loadSavedTime(): Promise<SavedTime> {
  return calls.base.sys.user.savedTimeSummary({}, quiet) as Promise<SavedTime>;
}
