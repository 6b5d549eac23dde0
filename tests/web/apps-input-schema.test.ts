/** The run dialog's input from an app's config.inputSchema: which form, its starting values, and the input it sends. */
import { describe, expect, it } from 'vitest';
import {
  fieldOfServerError,
  initialValues,
  INPUT_MAX_CHARS,
  planInput,
  SHORT_TEXT,
  toInput,
  type InputPlan,
  type SchemaField,
} from '../../web/src/workspace/apps/input-schema';

const schema = {
  type: 'object',
  required: ['topic', 'tone'],
  properties: {
    topic: { type: 'string', title: 'Topic', description: 'What to write about', maxLength: 80 },
    notes: { type: 'string' },
    words: { type: 'integer', minimum: 50, maximum: 500, default: 200 },
    ratio: { type: ['number', 'null'] },
    tone: { enum: ['formal', 'casual', 3], default: 'casual' },
    draft: { type: 'boolean' },
    extra: { type: 'object' },
  },
};

const form = (s: unknown) => {
  const p = planInput(s);
  if (p.mode !== 'form') throw new Error(`not a form: ${p.mode}`);
  return p;
};
const field = (p: InputPlan, key: string) => (p as { fields: SchemaField[] }).fields.find((f) => f.key === key)!;

describe('which input form an app gets', () => {
  it('is one text box without a schema, with an empty one or a string schema', () => {
    expect(planInput(undefined)).toEqual({ mode: 'text' });
    expect(planInput(null)).toEqual({ mode: 'text' });
    expect(planInput({})).toEqual({ mode: 'text' });
    expect(planInput({ type: 'string', maxLength: 300, minLength: 2 })).toEqual({ mode: 'text', maxLength: 300, minLength: 2 });
  });

  it('is a field per property, in order, for an object schema', () => {
    const p = form(schema);
    expect(p.fields.map((f) => [f.key, f.kind, f.required])).toEqual([
      ['topic', 'text', true],
      ['notes', 'longText', false],
      ['words', 'integer', false],
      ['ratio', 'number', false],
      ['tone', 'enum', true],
      ['draft', 'boolean', false],
      ['extra', 'json', false],
    ]);
    expect(field(p, 'topic')).toMatchObject({ title: 'Topic', description: 'What to write about', maxLength: 80 });
    expect(field(p, 'notes').title).toBe('notes');
    expect(field(p, 'words')).toMatchObject({ minimum: 50, maximum: 500, default: 200 });
    expect(field(p, 'tone').options).toEqual(['formal', 'casual', 3]);
  });

  it('makes a string one line up to SHORT_TEXT characters, a text area beyond or without a limit', () => {
    expect(field(form({ properties: { a: { type: 'string', maxLength: SHORT_TEXT } } }), 'a').kind).toBe('text');
    expect(field(form({ properties: { a: { type: 'string', maxLength: SHORT_TEXT + 1 } } }), 'a').kind).toBe('longText');
  });

  it('is a JSON box for a schema the form cannot draw', () => {
    expect(planInput({ type: 'array', items: { type: 'string' } })).toEqual({ mode: 'json' });
    expect(planInput({ type: 'object' })).toEqual({ mode: 'json' });
    expect(planInput('nonsense')).toEqual({ mode: 'json' });
    expect(planInput({ type: 'string', enum: ['a', 'b'] })).toEqual({ mode: 'json' });
  });

  it('ignores a default that does not fit its field', () => {
    expect(field(form({ properties: { n: { type: 'integer', default: 1.5 } } }), 'n').default).toBeUndefined();
    expect(field(form({ properties: { e: { enum: ['a'], default: 'z' } } }), 'e').default).toBeUndefined();
  });
});

describe('starting values', () => {
  it('are the defaults, switches off and JSON defaults as text', () => {
    const p = form({ ...schema, properties: { ...schema.properties, extra: { type: 'object', default: { a: 1 } } } });
    expect(initialValues(p)).toEqual({ words: 200, tone: 'casual', draft: false, extra: '{\n  "a": 1\n}' });
  });

  it('are an empty box for the text and JSON forms', () => {
    expect(initialValues({ mode: 'text' })).toEqual({ '': '' });
    expect(initialValues({ mode: 'json' })).toEqual({ '': '' });
  });
});

describe('the input a run sends', () => {
  it('is the trimmed text of the text box, refused when empty or too long', () => {
    expect(toInput({ mode: 'text' }, { '': '  Summarise this  ' })).toEqual({ ok: true, input: 'Summarise this' });
    expect(toInput({ mode: 'text' }, { '': '   ' })).toEqual({ ok: false, problems: [{ key: '', rule: 'required' }] });
    expect(toInput({ mode: 'text', maxLength: 5 }, { '': 'too long' })).toEqual({
      ok: false,
      problems: [{ key: '', rule: 'length', params: { min: 0, max: 5 } }],
    });
    expect(toInput({ mode: 'text' }, { '': 'x'.repeat(INPUT_MAX_CHARS + 1) }).ok).toBe(false);
  });

  it('is the parsed object or text of the JSON box, refused when not JSON or another kind of value', () => {
    expect(toInput({ mode: 'json' }, { '': '{"a": [1, 2]}' })).toEqual({ ok: true, input: { a: [1, 2] } });
    expect(toInput({ mode: 'json' }, { '': '"just text"' })).toEqual({ ok: true, input: 'just text' });
    expect(toInput({ mode: 'json' }, { '': '{a: 1}' })).toEqual({ ok: false, problems: [{ key: '', rule: 'json' }] });
    expect(toInput({ mode: 'json' }, { '': '[1, 2]' })).toEqual({ ok: false, problems: [{ key: '', rule: 'json' }] });
  });

  it('is an object of the form’s values, empty optional fields left out and a switch always sent', () => {
    const p = form(schema);
    const r = toInput(p, { topic: '  Rust  ', notes: '', words: 300, ratio: null, tone: 'formal', extra: '{"k": true}' });
    expect(r).toEqual({ ok: true, input: { topic: 'Rust', words: 300, tone: 'formal', draft: false, extra: { k: true } } });
  });

  it('keeps enum values of any type as they are', () => {
    expect(toInput(form(schema), { topic: 'x', tone: 3, draft: true })).toEqual({ ok: true, input: { topic: 'x', tone: 3, draft: true } });
  });

  it('names every bad field and why', () => {
    const p = form(schema);
    const r = toInput(p, { topic: '', words: 20, ratio: 'abc', tone: 'loud', extra: '{' });
    expect(r).toEqual({
      ok: false,
      problems: [
        { key: 'topic', rule: 'required' },
        { key: 'words', rule: 'range', params: { min: 50, max: 500 } },
        { key: 'ratio', rule: 'number' },
        { key: 'tone', rule: 'enum' },
        { key: 'extra', rule: 'json' },
      ],
    });
  });

  it('refuses a fraction for an integer and a text past maxLength', () => {
    const p = form(schema);
    const r = toInput(p, { topic: 'x'.repeat(81), words: 100.5, tone: 'casual' });
    expect(r.ok ? [] : r.problems.map((x) => [x.key, x.rule])).toEqual([
      ['topic', 'length'],
      ['words', 'integer'],
    ]);
  });

  it('counts characters, not UTF-16 units, against a length limit', () => {
    const p = form({ properties: { s: { type: 'string', maxLength: 2 } } });
    expect(toInput(p, { s: '😀😀' }).ok).toBe(true);
  });
});

describe('server validation errors', () => {
  it('land on the field they name, or on the single box', () => {
    const p = form(schema);
    expect(fieldOfServerError(p, 'input.topic')).toBe('topic');
    expect(fieldOfServerError(p, 'input.extra.k')).toBe('extra');
    expect(fieldOfServerError(p, 'input.unknown')).toBeNull();
    expect(fieldOfServerError(p, 'appId')).toBeNull();
    expect(fieldOfServerError({ mode: 'text' }, 'input')).toBe('');
    expect(fieldOfServerError({ mode: 'json' }, 'input.a')).toBe('');
  });
});
