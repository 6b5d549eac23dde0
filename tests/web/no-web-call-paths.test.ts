/** No call reached by a path or a name outside the data layer (scripts/lint-web-calls.mjs): the tree is clean, and the rule does catch them. */
import { describe, expect, it } from 'vitest';
import { lintPaths, lintSource, moduleNames, ROOT } from '../../scripts/lint-web-calls.mjs';

const modules = moduleNames();
const kinds = (src: string, file = 'fixture.ts') => lintSource(file, src, modules).map((f) => f.kind);

describe('lint-web-calls rule', () => {
  it('reads the API modules from the generated code', () => {
    expect(modules).toEqual(expect.arrayContaining(['base', 'goods', 'task', 'plugin', 'dict', 'recycle']));
  });

  it('finds API paths in strings and templates', () => {
    expect(kinds("api.get('/admin/base/comm/person', { silent: true });")).toEqual(['path']);
    expect(kinds('api.get(`/admin/base/${provider}/pay`, { query: { orderNo } });')).toEqual(['path']);
    expect(kinds("const OPEN = '/admin/base/open';\nconst TASKS = '/admin/task';")).toEqual(['path', 'path']);
    expect(kinds("xhr.open('POST', '/api/admin/goods/info/upload');")).toEqual(['path']);
    expect(lintSource('f.ts', "const a = 1;\nconst p = '/admin/plugin/info/install';", modules)[0]).toMatchObject({ line: 2, col: 11, kind: 'path' });
  });

  it('finds call paths built at run time', () => {
    expect(kinds('api.post(`/admin/${key}/${action}`, body);')).toEqual(['built path']);
    expect(kinds("api.post('/admin/' + key + '/move', body);")).toEqual(['built path']);
  });

  it('finds entityAction, imported or called', () => {
    expect(kinds("import { entityAction } from '../app/data';\nentityAction('base/sys/user', 'move', { userIds });")).toEqual(['entityAction', 'entityAction']);
  });

  it('lets typed calls, entity keys and screen addresses through', () => {
    const good = [
      "import { calls, data } from '../app/data';",
      'await calls.base.groupMember.teamMember({ groupId }, { silent: true });',
      "await data('base/sys/user').page({ page: 1 });",
      "navigate('/admin/login');",
      "const routes = [{ path: '/admin/*' }, { path: '/admin' }];",
      'const screen = `${CONSOLE_BASE}${router}`;',
      "const page = '/admin/sys/user';",
    ].join('\n');
    expect(kinds(good, 'good.tsx')).toEqual([]);
  });
});

describe('web/src', () => {
  it('reaches no call by a path or a name outside app/data and generated', () => {
    const findings = lintPaths(['web/src'], ROOT).map((f) => `${f.file}:${f.line} ${f.kind} ${JSON.stringify(f.text)}`);
    expect(findings).toEqual([]);
  });
});
