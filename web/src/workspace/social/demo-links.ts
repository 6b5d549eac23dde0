/** The route demo's links to other params (`/demo/test/route/:id/:name?`); ids and names are examples, the same in every language. */

export const DEMO_LINKS: ReadonlyArray<{ id: string; name?: string; query?: string }> = [
  { id: '1' },
  { id: '2', name: 'alice' },
  { id: '42', name: 'bob', query: 'tab=info&from=demo' },
  { id: '7', name: '中文名' },
];

/** The same address, readable (not percent-encoded), for the link's text. */
export function demoLabel(l: { id: string; name?: string; query?: string }): string {
  return `/demo/test/route/${l.id}${l.name ? `/${l.name}` : ''}${l.query ? `?${l.query}` : ''}`;
}

export function demoPath(l: { id: string; name?: string; query?: string }): string {
  const base = `/demo/test/route/${encodeURIComponent(l.id)}${l.name ? `/${encodeURIComponent(l.name)}` : ''}`;
  return l.query ? `${base}?${l.query}` : base;
}
