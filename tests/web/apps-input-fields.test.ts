/**
 * The run dialog's schema form (InputFields inside an antd Form), rendered on the server side of
 * React: each control shows the form's value for its property and carries the id Form.Item gives
 * it, so what a member types is what the form (and the run) holds.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import InputFields from '../../web/src/workspace/apps/InputFields';
import { planInput } from '../../web/src/workspace/apps/input-schema';

const schema = {
  type: 'object',
  required: ['topic'],
  properties: {
    topic: { type: 'string', title: 'Topic', maxLength: 80 },
    notes: { type: 'string' },
    words: { type: 'integer', minimum: 50, maximum: 500 },
    draft: { type: 'boolean' },
    extra: { type: 'object' },
  },
};

function render(values: Record<string, unknown>): string {
  return renderToStaticMarkup(createElement(Form, { initialValues: values }, createElement(InputFields, { plan: planInput(schema) })));
}

/** The opening tag of the element whose data-testid is `testId`, or the element holding it. */
const tagOf = (html: string, testId: string) => {
  const at = html.indexOf(`data-testid="${testId}"`);
  expect(at).toBeGreaterThan(-1);
  return html.slice(html.lastIndexOf('<', at), html.indexOf('>', at) + 1);
};

describe('the schema form of an AI app run', () => {
  it("shows the form's value in each control, under the id Form.Item gives it", () => {
    const html = render({ topic: 'Tea in Yunnan', notes: 'Keep it short', words: 120, draft: true, extra: '{"a":1}' });
    expect(tagOf(html, 'app-input-topic')).toMatch(/value="Tea in Yunnan"/);
    expect(tagOf(html, 'app-input-topic')).toMatch(/id="topic"/);
    expect(html).toMatch(/<textarea[^>]*id="notes"[^>]*>Keep it short<\/textarea>/);
    expect(html).toMatch(/<input[^>]*id="words"[^>]*value="120"|<input[^>]*value="120"[^>]*id="words"/);
    expect(tagOf(html, 'app-input-draft')).toMatch(/aria-checked="true"/);
    expect(html).toMatch(/<textarea[^>]*id="extra"[^>]*>\{&quot;a&quot;:1\}<\/textarea>/);
  });

  it('shows empty controls for a form without values', () => {
    const html = render({});
    expect(tagOf(html, 'app-input-topic')).not.toMatch(/value="[^"]/);
    expect(tagOf(html, 'app-input-draft')).toMatch(/aria-checked="false"/);
  });
});
