/** Envelope messages of the operations answers: readiness, metrics, and a dependency that is away. */
import { registerMessages } from '../i18n/messages';

export const OPS = registerMessages({
  en: {
    database_unavailable: 'The database cannot be reached right now; please try again shortly',
    cache_unavailable: 'The cache server (Redis) cannot be reached right now; please try again shortly',
    ready: 'ready',
    not_ready_starting: 'Not ready: the instance is starting',
    not_ready_draining: 'Not ready: the instance is shutting down',
    not_ready_db: 'Not ready: the database cannot be reached',
    not_ready_cache: 'Not ready: the cache server (Redis) cannot be reached',
    metrics_token_invalid: 'The metrics token is invalid',
  },
  'zh-cn': {
    database_unavailable: '暂时无法连接数据库，请稍后再试',
    cache_unavailable: '暂时无法连接缓存服务器（Redis），请稍后再试',
    ready: '就绪',
    not_ready_starting: '未就绪：实例正在启动',
    not_ready_draining: '未就绪：实例正在关闭',
    not_ready_db: '未就绪：无法连接数据库',
    not_ready_cache: '未就绪：无法连接缓存服务器（Redis）',
    metrics_token_invalid: '监控令牌无效',
  },
  'zh-tw': {
    database_unavailable: '暫時無法連線資料庫，請稍後再試',
    cache_unavailable: '暫時無法連線快取伺服器（Redis），請稍後再試',
    ready: '就緒',
    not_ready_starting: '未就緒：執行個體正在啟動',
    not_ready_draining: '未就緒：執行個體正在關閉',
    not_ready_db: '未就緒：無法連線資料庫',
    not_ready_cache: '未就緒：無法連線快取伺服器（Redis）',
    metrics_token_invalid: '監控權杖無效',
  },
});
