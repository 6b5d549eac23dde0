/** A unified diff (a change set's `diff`) split into lines the review colours by kind. */
export type DiffKind = 'add' | 'del' | 'hunk' | 'meta' | 'same';

/** The lines of a unified diff with their kind; `+++`/`---` file headers are meta, not changes. */
export function diffLines(diff: string): Array<{ kind: DiffKind; text: string }> {
  const lines = diff.replace(/\n$/, '').split('\n');
  return lines.map((text) => {
    if (text.startsWith('+++') || text.startsWith('---') || text.startsWith('diff ') || text.startsWith('index ')) return { kind: 'meta', text };
    if (text.startsWith('@@')) return { kind: 'hunk', text };
    if (text.startsWith('+')) return { kind: 'add', text };
    if (text.startsWith('-')) return { kind: 'del', text };
    return { kind: 'same', text };
  });
}
