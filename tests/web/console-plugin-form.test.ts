/**
 * The plugin settings form as @rjsf (antd theme) renders it from the schema helpers, on the server
 * side of React (no browser needed): secrets are password inputs with the "set" placeholder, event
 * sets are labelled checkboxes, and the server's 1002 messages show on their fields.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import Form from '@rjsf/antd';
import validator from '@rjsf/validator-ajv8';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { errorTreeOf, formSchema, uiSchemaOf } from '../../web/src/console/views/plugins/plugin-config';
import type { SchemaLike } from '../../web/src/console/views/plugins/plugin-types';

const WEBHOOK: SchemaLike = {
  type: 'object',
  required: ['url', 'secret'],
  properties: {
    url: { type: 'string', format: 'uri', title: 'Receiver URL' },
    secret: { type: 'string', minLength: 16, writeOnly: true, title: 'Signing secret' },
    events: { type: 'array', items: { type: 'string', enum: ['user.registered', 'order.paid'] } },
  },
};

function render(secretsSet: string[], extra?: ReturnType<typeof errorTreeOf>): string {
  return renderToStaticMarkup(
    createElement(Form, {
      schema: formSchema(WEBHOOK, secretsSet) as RJSFSchema,
      uiSchema: uiSchemaOf(WEBHOOK, secretsSet, { secretSet: 'SET-KEEP', secretEmpty: 'NOT-SET' }, { 'order.paid': 'An order is paid' }),
      formData: { url: 'http://127.0.0.1:9/hook' },
      validator,
      extraErrors: extra as ErrorSchema | undefined,
      showErrorList: false,
    }),
  );
}

describe('the plugin settings form rendered by @rjsf', () => {
  it('shows the secret as a password input saying it is stored, and the events as labelled checkboxes', () => {
    const html = render(['secret']);
    expect(html).toMatch(/<input[^>]*id="root_secret"[^>]*type="password"|<input[^>]*type="password"[^>]*id="root_secret"/);
    expect(html).toContain('placeholder="SET-KEEP"');
    expect(html).toMatch(/type="checkbox"/);
    expect(html).toContain('order.paid — An order is paid');
    expect(html).toContain('user.registered');
    expect(html).not.toMatch(/type="submit"/);
  });

  it('says when a secret is not set', () => {
    expect(render([])).toContain('placeholder="NOT-SET"');
  });

  it("marks the field the server's message names (antd shows the text itself once mounted)", () => {
    expect(render(['secret'])).not.toContain('field-error');
    const html = render(['secret'], errorTreeOf([{ field: 'config.url', message: 'url must be reachable' }]));
    const errored = [...html.matchAll(/class="form-group field field-\w+ field-error[^"]*"/g)];
    expect(errored).toHaveLength(1);
    expect(html.indexOf('root_url', errored[0].index)).toBeLessThan(html.indexOf('root_secret'));
  });
});
