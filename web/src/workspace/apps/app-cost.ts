/**
 * What an app is and what a run of it costs, as the member sees it before running (pure).
 *
 *   runCost({ tokens: 1.5, efficiencyCoefficient: 1.1 }, 1)   // 1.65
 *   canAfford(1.65, '2.0000')                                   // true
 *
 * The cost is the server's (base/ai/charge.ts runCostUnits): the app's tokens x the app's
 * efficiency coefficient x the member's, rounded UP to a ledger unit (a ten-thousandth of a
 * token); an absent coefficient counts as 1, a negative one as 0. The server charges its own
 * figure and answers it; this one is what the dialog shows beforehand.
 */

/** An app as the public catalogue (`app/all`, `app/byParent`) answers it. */
export interface PublicApp {
  id: number;
  name: string;
  avatar?: string | null;
  remark?: string | null;
  isAsync: number;
  parentType?: number | null;
  type?: number | null;
  tokens: number | string;
  efficiencyCoefficient?: number | string | null;
  /** 0 (or absent): a run costs `tokens`; 1: by use, what the model used at its prices (an estimate is reserved first). */
  pricing?: number | null;
  config?: { inputSchema?: unknown; savedMinutes?: number; description?: string } | null;
}

/** One group of `app/all`. */
export interface AppGroup {
  parentType: number | null;
  apps: PublicApp[];
}

const UNITS = 10_000;

function coefficient(v: unknown): number {
  if (v === null || v === undefined || v === '') return 1;
  const n = Number(v);
  return Number.isFinite(n) ? Math.max(0, n) : 1;
}

/** Tokens one run of `app` costs a member whose efficiency coefficient is `memberCoefficient`. */
export function runCost(app: Pick<PublicApp, 'tokens' | 'efficiencyCoefficient'>, memberCoefficient?: unknown): number {
  const tokens = Number(app.tokens);
  if (!Number.isFinite(tokens) || tokens <= 0) return 0;
  const units = Math.round(tokens * UNITS);
  const exact = units * coefficient(app.efficiencyCoefficient) * coefficient(memberCoefficient);
  return exact > 0 ? Math.ceil(Number(exact.toPrecision(12))) / UNITS : 0;
}

/** Whether a balance (as the server sends it: number or decimal text) covers `cost`; unknown balance -> true (the server decides). */
export function canAfford(cost: number, balance: unknown): boolean {
  if (balance === null || balance === undefined || balance === '') return true;
  const b = Number(balance);
  if (!Number.isFinite(b)) return true;
  return Math.round(b * UNITS) >= Math.round(cost * UNITS);
}

/** Whether a run of `app` is priced by use: its cost is known only once it ends, `runCost` is not it. */
export const isMeteredApp = (app: Pick<PublicApp, 'pricing'>): boolean => Number(app.pricing) === 1;

export const isAsyncApp = (app: Pick<PublicApp, 'isAsync'>): boolean => Number(app.isAsync) === 1;

/** The app's short public text: config.description, else its remark. */
export function appDescription(app: PublicApp): string {
  const d = app.config?.description;
  if (typeof d === 'string' && d.trim()) return d.trim();
  return typeof app.remark === 'string' ? app.remark.trim() : '';
}

/** An avatar address safe to put in an img: http(s) or a path on this site; null otherwise. */
export function avatarUrl(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (!s || /[\u0000-\u001f\u007f\s]/.test(s) || s.startsWith('//')) return null;
  if (s.startsWith('/')) return s;
  return /^https?:\/\//i.test(s) ? s : null;
}
