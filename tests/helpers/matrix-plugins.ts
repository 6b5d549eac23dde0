/**
 * Permission-matrix fixtures of the plugin calls (plugin/info shipped, upload, install, add, update,
 * delete, events): they are the administrator's alone (guard `admin`), so member B and anonymous
 * callers must be refused, and no package may be kept, no plugin installed, changed or removed.
 * The upload is tried both ways it takes a package: a multipart file and a shipped plugin's name.
 */
import type { Fixture } from './matrix-generic';
import type { World } from './matrix-seed';
import { del, read, write } from './matrix-fixture';

const UPLOAD_ID = '00000000-0000-4000-8000-000000000000';

export const PLUGIN_FIXTURES: Record<string, (w: World) => Fixture> = {
  'GET /admin/plugin/info/shipped': () => read({}),
  'GET /admin/plugin/info/events': () => read({}),
  'POST /admin/plugin/info/upload': () => write({ upload: { field: 'file', name: 'plugin.zip', content: 'not a zip' } }, { body: { shipped: 'webhook' } }),
  'POST /admin/plugin/info/install': () => write({ body: { uploadId: UPLOAD_ID } }),
  'POST /admin/plugin/info/add': () => write({ body: { uploadId: UPLOAD_ID } }),
  'POST /admin/plugin/info/update': () => write({ body: { id: 1, status: 1, config: {} } }),
  'POST /admin/plugin/info/delete': () => del({ body: { ids: [1] } }),
};
