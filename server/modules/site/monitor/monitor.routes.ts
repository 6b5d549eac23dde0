/**
 * base/monitor: the X monitor's calls (001 §7).
 * - saveSetting (administrators): accounts, keywords, enabled, maxResults, the schedule (`every` ms or
 *   `cron`) and the credentials (bearerToken, or apiKey + apiSecret; left out: kept, '' : cleared);
 *   answers what getSetting answers.
 * - getSetting (administrators): the settings with `credentialsSet`, never a credential.
 * - twitterData (public): the latest fetched posts, newest first, public fields only, `?page=&size=`.
 * - sendTwitterToUser `{userId, postId}`: public in the spec, but it writes to a member, so here it
 *   needs a token and its permission key (administrators unless a role is given it; ARCHITECTURE).
 * The fetching itself is the task `monitor.fetch` (monitor-fetch.task.ts).
 */
import { l, call, defineRoutes, BOOL, INT, STR, listOf, nullable, obj, pageOf } from '../../../core/api';
import type { Core } from '../../../core/api';
import { SETTINGS_INPUT, saveSettings, settingsView } from './monitor-settings.service';
import { POSTS_QUERY, SEND_POST_INPUT, latestPosts, sendPostToUser } from './monitor-posts.service';

const SETTINGS = obj({
  accounts: listOf(STR),
  keywords: listOf(STR),
  enabled: BOOL,
  maxResults: INT,
  credentialsSet: BOOL,
  taskId: nullable(INT),
  every: nullable(INT),
  cron: nullable(STR),
  nextRunTime: nullable(STR),
  lastFetchTime: nullable(STR),
  lastError: nullable(STR),
  rateLimitedUntil: nullable(STR),
});

const POST = obj({
  postId: STR,
  authorUsername: nullable(STR),
  authorName: nullable(STR),
  text: STR,
  url: nullable(STR),
  createdAt: nullable(STR),
  metrics: nullable({ type: 'object', additionalProperties: { type: 'number' } }),
});

export default defineRoutes((core: Core) => [
  call(core, 'base', 'monitor', 'saveSetting', {
    method: 'POST',
    summary: l('Save the X monitor settings', '保存 X 监控设置', '儲存 X 監控設定'),
    input: SETTINGS_INPUT,
    effect: 'write',
    answer: SETTINGS,
    handler: (req, input) => saveSettings(core, req.user!, input),
  }),
  call(core, 'base', 'monitor', 'getSetting', {
    method: 'POST',
    summary: l('X monitor settings (credentials never shown)', 'X 监控设置（不显示凭据）', 'X 監控設定（不顯示憑證）'),
    input: {},
    effect: 'read',
    answer: SETTINGS,
    handler: (req) => settingsView(core, req.user!),
  }),
  call(core, 'base', 'monitor', 'twitterData', {
    method: 'GET',
    summary: l('Latest posts from X', '最新 X 帖子', '最新 X 貼文'),
    input: POSTS_QUERY,
    access: 'public',
    effect: 'read',
    answer: pageOf(POST),
    handler: (_req, query) => latestPosts(core, query),
  }),
  call(core, 'base', 'monitor', 'sendTwitterToUser', {
    method: 'POST',
    summary: l('Send an X post to a member', '将 X 帖子发送给会员', '將 X 貼文傳送給會員'),
    input: SEND_POST_INPUT,
    effect: 'write',
    answer: obj({ id: INT }),
    handler: (req, input) => sendPostToUser(core, req.user!, input),
  }),
]);
