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
import { l } from '../../../core/entity/define';
import type { Core } from '../../../core/core';
import { call, defineRoutes } from '../../../core/modules';
import { saveSettings, settingsView } from './monitor-settings.service';
import { latestPosts, sendPostToUser } from './monitor-posts.service';

export default defineRoutes((core: Core) => [
  call(core, 'base', 'monitor', 'saveSetting', {
    method: 'POST',
    summary: l('Save the X monitor settings', '保存 X 监控设置', '儲存 X 監控設定'),
    handler: (req) => saveSettings(core, req.user!, req.body),
  }),
  call(core, 'base', 'monitor', 'getSetting', {
    method: 'POST',
    summary: l('X monitor settings (credentials never shown)', 'X 监控设置（不显示凭据）', 'X 監控設定（不顯示憑證）'),
    handler: (req) => settingsView(core, req.user!),
  }),
  call(core, 'base', 'monitor', 'twitterData', {
    method: 'GET',
    guard: 'public',
    summary: l('Latest posts from X', '最新 X 帖子', '最新 X 貼文'),
    handler: (req) => latestPosts(core, req.query),
  }),
  call(core, 'base', 'monitor', 'sendTwitterToUser', {
    method: 'POST',
    summary: l('Send an X post to a member', '将 X 帖子发送给会员', '將 X 貼文傳送給會員'),
    handler: (req) => sendPostToUser(core, req.user!, req.body),
  }),
]);
