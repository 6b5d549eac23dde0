/**
 * Renders a readme read by markdown.ts as React elements (antd Typography): no HTML of the text is ever
 * interpreted, and links open in a new tab without the opener.
 */
import { Fragment, useMemo, type ReactNode } from 'react';
import { Divider, Typography, theme } from 'antd';
import { parseMarkdown, type Block, type Inline } from './markdown';

function inlines(list: Inline[]): ReactNode {
  return list.map((n, i) => {
    switch (n.type) {
      case 'text':
        return <Fragment key={i}>{n.text}</Fragment>;
      case 'code':
        return (
          <Typography.Text key={i} code>
            {n.text}
          </Typography.Text>
        );
      case 'strong':
        return <strong key={i}>{inlines(n.children)}</strong>;
      case 'em':
        return <em key={i}>{inlines(n.children)}</em>;
      case 'link':
        return n.href ? (
          <Typography.Link key={i} href={n.href} target="_blank" rel="noopener noreferrer nofollow">
            {inlines(n.children)}
          </Typography.Link>
        ) : (
          <Fragment key={i}>{inlines(n.children)}</Fragment>
        );
    }
  });
}

/** Heading levels 1-6 of a readme as antd's 2-5 (a drawer has no room for a page title). */
const LEVEL: Record<number, 2 | 3 | 4 | 5> = { 1: 3, 2: 4, 3: 5, 4: 5, 5: 5, 6: 5 };

export default function Markdown({ text }: { text: string }) {
  const { token } = theme.useToken();
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  const cell = { border: `1px solid ${token.colorBorderSecondary}`, padding: '4px 8px', textAlign: 'left' as const, verticalAlign: 'top' as const };

  const block = (b: Block, i: number): ReactNode => {
    switch (b.type) {
      case 'heading':
        return (
          <Typography.Title key={i} level={LEVEL[b.level]} style={{ marginTop: i === 0 ? 0 : 20 }}>
            {inlines(b.children)}
          </Typography.Title>
        );
      case 'paragraph':
        return <Typography.Paragraph key={i}>{inlines(b.children)}</Typography.Paragraph>;
      case 'list': {
        const items = b.items.map((item, j) => <li key={j}>{inlines(item)}</li>);
        return b.ordered ? (
          <ol key={i} start={b.start} style={{ paddingInlineStart: 24 }}>
            {items}
          </ol>
        ) : (
          <ul key={i} style={{ paddingInlineStart: 24 }}>
            {items}
          </ul>
        );
      }
      case 'code':
        return (
          <pre
            key={i}
            data-lang={b.lang || undefined}
            style={{
              margin: '0 0 14px',
              padding: 12,
              overflow: 'auto',
              fontSize: 12,
              lineHeight: 1.5,
              fontFamily: token.fontFamilyCode,
              background: token.colorFillQuaternary,
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadius,
            }}
          >
            <code>{b.text}</code>
          </pre>
        );
      case 'quote':
        return (
          <blockquote
            key={i}
            style={{ margin: '0 0 14px', padding: '0 12px', borderInlineStart: `4px solid ${token.colorBorder}`, color: token.colorTextSecondary }}
          >
            {inlines(b.children)}
          </blockquote>
        );
      case 'rule':
        return <Divider key={i} />;
      case 'table':
        return (
          <div key={i} style={{ overflowX: 'auto', marginBottom: 14 }}>
            <table style={{ borderCollapse: 'collapse', fontSize: 13 }}>
              <thead>
                <tr>
                  {b.head.map((c, j) => (
                    <th key={j} style={{ ...cell, background: token.colorFillQuaternary }}>
                      {inlines(c)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {b.rows.map((r, j) => (
                  <tr key={j}>
                    {r.map((c, k) => (
                      <td key={k} style={cell}>
                        {inlines(c)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
    }
  };

  return (
    <div className="plugin-readme" data-testid="plugin-readme" style={{ wordBreak: 'break-word' }}>
      {blocks.map(block)}
    </div>
  );
}
