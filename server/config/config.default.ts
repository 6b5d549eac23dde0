/** Midway configuration: koa on PORT; body parsing and site files are ours (see core/http). */
import { join } from 'node:path';
import { PROJECT_ROOT } from '../core/paths';
import { readConfig } from '../core/core';
import { loggerFormat } from '../core/ops/json-log';

const logDir = process.env.LOG_DIR ?? join(PROJECT_ROOT, 'logs');
// TRUST_PROXY = how many proxies stand in front (deploy/nginx: 1). Then the client's address is the
// entry that many places from the end of X-Forwarded-For (the one our nearest proxy appended, which a
// client cannot forge) and X-Forwarded-Proto/Host give the origin; unset or 0, the headers are ignored.
const trustedProxies = Math.max(0, Math.floor(Number(process.env.TRUST_PROXY) || 0));

export default {
  keys: 'cosmac-cookie-keys-unused',
  koa: { port: readConfig().port, hostname: process.env.HOST || undefined, proxy: trustedProxies > 0, maxIpsCount: trustedProxies },
  bodyParser: { enable: false },
  siteFile: { enable: false },
  midwayLogger: {
    default: {
      level: process.env.LOG_LEVEL ?? 'info',
      // LOG_FORMAT=json (default with NODE_ENV=production): one JSON object per line (core/ops/json-log.ts).
      ...loggerFormat(process.env),
      transports: {
        console: { level: process.env.LOG_CONSOLE_LEVEL ?? 'warn' },
        file: { dir: logDir },
        error: { dir: logDir },
      },
    },
    clients: { coreLogger: { level: 'warn' } },
  },
};
