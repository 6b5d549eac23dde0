/** Router rule 6: a page whose code failed to load (a deployment replaced it) reloads, once a minute at most. */
const RELOAD_KEY = 'chunk-reload-at';

/** Reloads the page when `message` is a failed dynamic import and none was reloaded for in the last minute; says whether it did. */
export function reloadForChunk(message: string): boolean {
  if (!/dynamically imported module|Importing a module script failed|error loading dynamically/i.test(message)) return false;
  const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
  if (Date.now() - last <= 60_000) return false;
  sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  window.location.reload();
  return true;
}
