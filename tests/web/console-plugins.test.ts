import { describe, expect, it } from 'vitest';
import { configPath, configPayload, errorTreeOf, formDataOf, formSchema, secretFields, uiSchemaOf } from '../../web/src/console/views/plugins/plugin-config';
import { parseInline, parseMarkdown, safeHref } from '../../web/src/console/views/plugins/markdown';
import { configSchemaOf, kilobytes, logoSrc, type SchemaLike } from '../../web/src/console/views/plugins/plugin-types';

/** The webhook plugin's settings as the plugin contract describes them. */
const WEBHOOK: SchemaLike = {
  type: 'object',
  required: ['url', 'secret'],
  properties: {
    url: { type: 'string', format: 'uri', title: 'Receiver URL' },
    secret: { type: 'string', minLength: 16, writeOnly: true, title: 'Signing secret' },
    events: { type: 'array', items: { type: 'string', enum: ['user.registered', 'order.paid'] } },
    maxAttempts: { type: 'integer', default: 5 },
  },
};

const TEXTS = { secretSet: 'set — leave empty to keep', secretEmpty: 'not set' };

describe('the plugin settings form', () => {
  it('finds the secret fields', () => {
    expect(secretFields(WEBHOOK)).toEqual(['secret']);
  });

  it('keeps a secret required until it has a value, and makes enum arrays sets', () => {
    expect(formSchema(WEBHOOK, []).required).toEqual(['url', 'secret']);
    const set = formSchema(WEBHOOK, ['secret']);
    expect(set.required).toEqual(['url']);
    expect(set.properties!.events.uniqueItems).toBe(true);
    expect(WEBHOOK.properties!.events.uniqueItems).toBeUndefined();
  });

  it('shows secrets as password inputs saying whether a value is stored, and events as labelled checkboxes', () => {
    const empty = uiSchemaOf(WEBHOOK, [], TEXTS);
    expect(empty.secret).toMatchObject({ 'ui:widget': 'password', 'ui:placeholder': 'not set' });
    expect(empty.events).toEqual({ 'ui:widget': 'checkboxes' });
    expect(empty['ui:submitButtonOptions']).toEqual({ norender: true });
    const set = uiSchemaOf(WEBHOOK, ['secret'], TEXTS, { 'order.paid': 'An order is paid' });
    expect(set.secret).toMatchObject({ 'ui:placeholder': 'set — leave empty to keep' });
    expect(set.events).toEqual({ 'ui:widget': 'checkboxes', 'ui:enumNames': ['user.registered', 'order.paid — An order is paid'] });
  });

  it('leaves an empty secret out of the payload, so the stored one is kept', () => {
    expect(configPayload({ url: 'http://127.0.0.1:9/hook', secret: '', events: [] }, WEBHOOK)).toEqual({ url: 'http://127.0.0.1:9/hook', events: [] });
    expect(configPayload({ url: 'u', secret: 'a-new-secret-value' }, WEBHOOK)).toEqual({ url: 'u', secret: 'a-new-secret-value' });
    expect(configPayload(undefined, WEBHOOK)).toEqual({});
  });

  it('starts from the stored config without secrets', () => {
    expect(formDataOf({ url: 'u', secret: 'never shown', maxAttempts: 3 }, WEBHOOK)).toEqual({ url: 'u', maxAttempts: 3 });
    expect(formDataOf(null, WEBHOOK)).toEqual({});
  });

  it("puts the server's 1002 fields on the form's fields, whatever their spelling", () => {
    expect(configPath('config.url')).toEqual(['url']);
    expect(configPath('config/url')).toEqual(['url']);
    expect(configPath('/url')).toEqual(['url']);
    expect(configPath('url')).toEqual(['url']);
    expect(configPath('config')).toEqual([]);
    expect(
      errorTreeOf([
        { field: 'config.url', message: 'url must be a URI' },
        { field: 'config.events.0', message: 'events.0 is not an event' },
        { field: 'config', message: 'config is refused' },
        { field: 'url', rule: 'required' },
      ]),
    ).toEqual({
      url: { __errors: ['url must be a URI', 'required'] },
      events: { 0: { __errors: ['events.0 is not an event'] } },
      __errors: ['config is refused'],
    });
  });

  it('offers settings only for a manifest with config properties', () => {
    expect(configSchemaOf({ pluginJson: { config: WEBHOOK } })).toBe(WEBHOOK);
    expect(configSchemaOf({ pluginJson: { config: { type: 'object', properties: {} } } })).toBeNull();
    expect(configSchemaOf({ pluginJson: null })).toBeNull();
  });
});

describe('plugin logos and sizes', () => {
  it('shows image data URLs and addresses, and nothing else', () => {
    expect(logoSrc('data:image/svg+xml;base64,PHN2Zz4=')).toBe('data:image/svg+xml;base64,PHN2Zz4=');
    expect(logoSrc('https://example.com/logo.png')).toBe('https://example.com/logo.png');
    expect(logoSrc('javascript:alert(1)')).toBeUndefined();
    expect(logoSrc('data:text/html;base64,PHNjcmlwdD4=')).toBeUndefined();
    expect(logoSrc(null)).toBeUndefined();
  });

  it('gives sizes in KB', () => {
    expect(kilobytes(2048)).toBe(2);
    expect(kilobytes(1536)).toBe(1.5);
  });
});

describe('the readme reader', () => {
  it('reads headings, paragraphs, lists, code and tables', () => {
    const blocks = parseMarkdown(
      [
        '# Webhook',
        '',
        'Sends **chosen** events',
        'to a URL.',
        '',
        '- one',
        '- two with `code`',
        '  continued',
        '',
        '1. first',
        '2. second',
        '',
        '```js',
        "const sig = hmac('<b>');",
        '```',
        '',
        '| Header | Meaning |',
        '| --- | --- |',
        '| `X-Cosmac-Event` | the event name |',
        '',
        '> a note',
        '',
        '---',
      ].join('\n'),
    );
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'list', 'list', 'code', 'table', 'quote', 'rule']);
    expect(blocks[0]).toEqual({ type: 'heading', level: 1, children: [{ type: 'text', text: 'Webhook' }] });
    expect(blocks[1]).toEqual({
      type: 'paragraph',
      children: [
        { type: 'text', text: 'Sends ' },
        { type: 'strong', children: [{ type: 'text', text: 'chosen' }] },
        { type: 'text', text: ' events to a URL.' },
      ],
    });
    expect(blocks[2]).toMatchObject({
      type: 'list',
      ordered: false,
      items: [
        [{ type: 'text', text: 'one' }],
        [
          { type: 'text', text: 'two with ' },
          { type: 'code', text: 'code' },
          { type: 'text', text: ' continued' },
        ],
      ],
    });
    expect(blocks[3]).toMatchObject({ type: 'list', ordered: true, start: 1 });
    expect(blocks[4]).toEqual({ type: 'code', lang: 'js', text: "const sig = hmac('<b>');" });
    expect(blocks[5]).toMatchObject({ type: 'table', head: [[{ type: 'text', text: 'Header' }], [{ type: 'text', text: 'Meaning' }]] });
  });

  it('keeps http(s) and mailto links only', () => {
    expect(parseInline('[docs](https://example.com/a?b=1)')).toEqual([
      { type: 'link', href: 'https://example.com/a?b=1', children: [{ type: 'text', text: 'docs' }] },
    ]);
    expect(parseInline('[x](javascript:alert(1))')[0]).toMatchObject({ type: 'link', href: null });
    expect(safeHref('mailto:a@example.com')).toBe('mailto:a@example.com');
    expect(safeHref('data:text/html,<script>')).toBeNull();
    expect(safeHref('/relative')).toBeNull();
  });

  it('leaves HTML as text and reads emphasis, escapes and autolinks', () => {
    expect(parseInline('<img src=x onerror=alert(1)>')).toEqual([{ type: 'text', text: '<img src=x onerror=alert(1)>' }]);
    expect(parseInline('an *em* and a\\*star')).toEqual([
      { type: 'text', text: 'an ' },
      { type: 'em', children: [{ type: 'text', text: 'em' }] },
      { type: 'text', text: ' and a*star' },
    ]);
    expect(parseInline('snake_case_name stays')).toEqual([{ type: 'text', text: 'snake_case_name stays' }]);
    expect(parseInline('2 * 3 * 4')).toEqual([{ type: 'text', text: '2 * 3 * 4' }]);
    expect(parseInline('<https://example.com>')).toEqual([
      { type: 'link', href: 'https://example.com', children: [{ type: 'text', text: 'https://example.com' }] },
    ]);
  });

  it('ends an unclosed code fence at the end of the text', () => {
    expect(parseMarkdown('```\nno end')).toEqual([{ type: 'code', lang: '', text: 'no end' }]);
  });
});
