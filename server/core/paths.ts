/** Where the project's folders are, from source (server/core) and from the build (dist/server/core). */
import { resolve } from 'node:path';

export const PROJECT_ROOT = resolve(__dirname, __dirname.includes(`${'/'}dist${'/'}`) ? '../../..' : '../..');
export const DATA_DIR = resolve(PROJECT_ROOT, process.env.DATA_DIR ?? 'data');
export const WEB_DIR = resolve(PROJECT_ROOT, 'web');
