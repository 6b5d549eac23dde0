/** codegen/call-types.ts: the typed calls written from the calls' declarations. */
import { describe, expect, it } from 'vitest';
import { generateCallTypes, isTypedCall } from '../../codegen/call-types';
import { loadDeclarations } from '../../server/core/entity/load';
import { normalize } from '../../server/core/entity/normalize';
import type { Route } from '../../server/core/http/route';
import { id, shapeSchema, text } from '../../server/core/calls/input';
import { INT, listOf, obj } from '../../server/core/calls/answer';

const model = normalize(await loadDeclarations());
const say = (en: string) => ({ en, 'zh-cn': en, 'zh-tw': en });

function route(path: string, extra: Partial<Route> = {}): Route {
  const [, , module, group] = path.split('/');
  return { method: 'POST', path, guard: 'permission', permission: null, summary: say(`call ${path}`), module, group, handler: async () => null, ...extra };
}

describe('typed calls, generated', () => {
  it('types a declared call by its input and answer, and leaves an undeclared one open (any object in, unknown out)', () => {
    const text1 = generateCallTypes(
      [
        route('/admin/demo/thing/ask', {
          call: {
            input: shapeSchema({ groupId: id(), note: text({ max: 9 }).optional() }),
            answer: listOf(obj({ n: INT })),
            effect: 'read',
            access: say('a member'),
            description: null,
          },
        }),
        route('/admin/demo/thing/old'),
      ],
      model,
    );
    expect(text1).toContain(
      'ask: Call<{\n        groupId: number;\n        /** @maxLength 9 */\n        note?: string;\n      }, Array<{\n        n: number;\n      }>, true>;',
    );
    expect(text1).toContain('Reads; may call: a member.');
    expect(text1).toContain('old: Call<object, unknown, false>;');
    expect(text1).toContain("ask: ['POST', '/admin/demo/thing/ask'],");
  });

  it('names an entity row by its generated type, imported from entities.ts', () => {
    const goods = model.byKey.get('goods/info')!;
    const out = generateCallTypes(
      [
        route('/admin/goods/info/mine', {
          call: { input: { type: 'object', properties: {} }, answer: listOf(goods.schema.row), effect: 'read', access: say('x'), description: null },
        }),
      ],
      model,
    );
    expect(out).toContain("import type { GoodsInfo } from './entities';");
    expect(out).toContain('mine: Call<Record<string, never>, GoodsInfo[], false>;');
  });

  it('leaves out the CRUD actions of entities, raw answers and paths outside /admin', () => {
    const goods = model.byKey.get('goods/info')!;
    expect(isTypedCall(route('/admin/goods/info/page', { entity: goods }))).toBe(false);
    // A hand-written call named like a CRUD action the entity does not declare is a typed call.
    const site = model.byKey.get('base/site')!;
    expect(site.actionByName.has('info')).toBe(false);
    expect(isTypedCall(route('/admin/base/site/info', { entity: site }))).toBe(true);
    expect(isTypedCall(route('/admin/goods/info/buy', { entity: goods }))).toBe(true);
    expect(isTypedCall(route('/admin/base/open/openapi.json', { raw: true }))).toBe(false);
    expect(isTypedCall(route('/upload/x'))).toBe(false);
  });

  it('refuses a tree where a call and a group share a name', () => {
    expect(() => generateCallTypes([route('/admin/a/b'), route('/admin/a/b/c')], model)).toThrow(/a\/b/);
  });
});
