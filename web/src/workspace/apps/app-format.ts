/**
 * Texts of runs that several screens share: why a run failed (the error message's short code), the
 * time runs save, an app's shown name and its price tag.
 */
import type { TFunction } from '../../i18n';
import { formatTokens } from '../../app/money';
import { isMeteredApp, runCost, type PublicApp } from './app-cost';
import '../../i18n/apps-texts';

/** The codes a failed run's error message can carry (server: base/ai failRun callers). */
const FAILURES = ['timeout', 'upstream', 'rate_limited', 'refused', 'unconfigured', 'own_key', 'workflow', 'deadline', 'undelivered'] as const;

/** Why a run failed, from its error message's content `{ runId, error }`. */
export function failureText(t: TFunction, content: unknown): string {
  const code = content && typeof content === 'object' ? (content as Record<string, unknown>).error : undefined;
  const known = (FAILURES as readonly unknown[]).includes(code) ? (code as string) : 'other';
  return t(`wsApps.failure.${known}`);
}

/**
 * An answer message's content as text: a text as it is, an object's `text`, `content` or `output`
 * text (a workflow's output), else the object as indented JSON (`raw`).
 */
export function answerText(content: unknown): { text: string; raw: boolean } {
  if (typeof content === 'string') return { text: content, raw: false };
  if (content && typeof content === 'object' && !Array.isArray(content)) {
    const o = content as Record<string, unknown>;
    for (const k of ['text', 'content', 'output']) if (typeof o[k] === 'string') return { text: o[k] as string, raw: false };
  }
  if (content === null || content === undefined) return { text: '', raw: false };
  return { text: JSON.stringify(content, null, 2) ?? '', raw: true };
}

/** Minutes as "25 min" or "3 h 5 min". */
export function savedTimeText(t: TFunction, minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return t('wsApps.time.minutes', { minutes: whole });
  return t('wsApps.time.hours', { hours: Math.floor(whole / 60), minutes: whole % 60 });
}

/** The app's name, or "App 12" for one the catalogue does not list (hidden or removed). */
export function appName(t: TFunction, app: PublicApp | undefined, id: unknown): string {
  if (app?.name) return app.name;
  return Number(id) > 0 ? t('wsApps.chat.appName', { id: Number(id) }) : t('wsApps.chat.someApp');
}

/** An app's price as its tag says it: "Priced by use", "Free" or the tokens a run costs the member. */
export function costLabel(t: TFunction, lang: string, app: PublicApp, memberCoefficient: unknown): string {
  if (isMeteredApp(app)) return t('wsApps.card.byUse');
  const cost = runCost(app, memberCoefficient);
  return cost > 0 ? t('wsApps.card.cost', { cost: formatTokens(cost, lang) }) : t('wsApps.card.free');
}
