/** Midway configuration: koa on PORT; body parsing and site files are ours (see core/http). */
import { join } from 'node:path';
import { PROJECT_ROOT } from '../core/paths';
import { readConfig } from '../core/core';

const logDir = process.env.LOG_DIR ?? join(PROJECT_ROOT, 'logs');

export default {
  keys: 'cosmac-cookie-keys-unused',
  koa: { port: readConfig().port, hostname: process.env.HOST || undefined },
  bodyParser: { enable: false },
  siteFile: { enable: false },
  midwayLogger: {
    default: {
      level: process.env.LOG_LEVEL ?? 'info',
      transports: {
        console: { level: process.env.LOG_CONSOLE_LEVEL ?? 'warn' },
        file: { dir: logDir },
        error: { dir: logDir },
      },
    },
    clients: { coreLogger: { level: 'warn' } },
  },
};
