/** dict/info/data and dict/info/types: the dictionaries, public (001 §6). */
import { l, call, defineRoutes, raw, ANY_OBJECT, INT, STR, listOf, obj } from '../../../core/api';
import { dictData } from './dict-data.service';
import { allTypes } from './dict-data.queries';

export default defineRoutes((core) => [
  call(core, 'dict', 'info', 'data', {
    method: 'POST',
    summary: l('Dictionary entries by type key', '按类型获取字典', '按類型取得字典'),
    // Read by the dictionaries, which refuse anything but a list of keys with their own message.
    input: {
      types: raw({
        anyOf: [
          { type: 'array', items: { type: 'string', maxLength: 255 }, maxItems: 200 },
          { type: 'string', description: 'keys separated by commas' },
          { type: 'null' },
        ],
        description: 'none: every type',
      }).optional(),
    },
    access: 'public',
    effect: 'read',
    answer: { type: 'object', description: 'each asked type key (all, when none asked) -> its entries as a tree', additionalProperties: listOf(ANY_OBJECT) },
    handler: (_req, { types }) => dictData(core, types),
  }),
  call(core, 'dict', 'info', 'types', {
    method: 'GET',
    summary: l('Dictionary types', '字典类型', '字典類型'),
    input: {},
    access: 'public',
    effect: 'read',
    answer: listOf(obj({ id: INT, name: STR, key: STR })),
    handler: () => allTypes(core),
  }),
]);
