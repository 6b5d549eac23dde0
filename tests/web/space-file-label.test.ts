import { describe, expect, it } from 'vitest';
import { fileLabel } from '../../web/src/components/space/file-label';

describe("a file field's label", () => {
  it('shows the name of the file chosen from the space, not its stored address', () => {
    expect(fileLabel('/upload/app/base/20261206/3f9c2a7e1b.png', 'garden-cover.png')).toBe('garden-cover.png');
  });

  it('falls back to the last part of the address when the name is not known', () => {
    expect(fileLabel('/upload/app/base/20261206/3f9c2a7e1b.png')).toBe('3f9c2a7e1b.png');
    expect(fileLabel('https://cdn.example.com/a/%E8%8A%B1.png?x=1', '  ')).toBe('花.png');
    expect(fileLabel('/upload/bad%E0.png')).toBe('bad%E0.png');
  });
});
