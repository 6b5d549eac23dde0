/**
 * COOL_COMPAT: the setting that makes the API answer as cool-admin's own admin client
 * (cool-admin-vue 7.x and its build plugin @cool-vue/vite-plugin) expects where our conventions
 * differ (docs/decisions/spec-departures.md). Off unless set to on (true, 1 and yes work too). It is read once, at
 * start, by the few places that answer differently: the anonymous /eps (eps/cool-eps.ts), the HTTP
 * status of business refusals (http/dispatch.ts), the view paths, order and members menu of permmenu
 * (modules/system/cool-views.ts), the program's identity (modules/accounts/comm-account.routes.ts) and
 * cool-admin's app users, which exist only then (modules/system/app-users/info.routes.ts). Everything else
 * answers the same on both settings.
 */
export function coolCompat(env: Record<string, string | undefined>): boolean {
  return ['on', 'true', '1', 'yes'].includes((env.COOL_COMPAT ?? '').trim().toLowerCase());
}
