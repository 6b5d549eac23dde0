/** A seller's rich text (goods `content`), shown safely: see rich-text.ts. Plain text keeps its line breaks. */
import { useMemo } from 'react';
import { htmlToReact, looksLikeHtml } from './rich-text';

export default function RichText({ html, className = '' }: { html: string; className?: string }) {
  return useMemo(() => {
    if (!looksLikeHtml(html)) return <div className={`${className} st-plain`}>{html}</div>;
    const doc = new DOMParser().parseFromString(html, 'text/html');
    return htmlToReact(doc.body, 'div', { className });
  }, [html, className]);
}
