/** dict/info/data and dict/info/types: the dictionaries, public (001 §6). */
import { l } from '../../core/entity/define';
import { call, defineRoutes } from '../../core/modules';
import { dictData } from './dict-data.service';
import { allTypes } from './dict-data.queries';

export default defineRoutes((core) => [
  call(core, 'dict', 'info', 'data', {
    method: 'POST',
    guard: 'public',
    summary: l('Dictionary entries by type key', '按类型获取字典', '按類型取得字典'),
    handler: (req) => dictData(core, req.body),
  }),
  call(core, 'dict', 'info', 'types', {
    method: 'GET',
    guard: 'public',
    summary: l('Dictionary types', '字典类型', '字典類型'),
    handler: () => allTypes(core),
  }),
]);
