/**
 * README.md stays the front door: under 15 KB, with the two set-up commands exactly as they are
 * (one installs and starts the product, one installs and runs every test), and pointing at docs/
 * for everything else.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const README = readFileSync(resolve(__dirname, '../../README.md'), 'utf8');

describe('README.md', () => {
  it('is under 15 KB', () => {
    expect(Buffer.byteLength(README, 'utf8')).toBeLessThan(15 * 1024);
  });

  it('gives the two set-up commands', () => {
    expect(README).toContain('```sh\nnpm install && npm start\n```');
    expect(README).toContain('```sh\nnpm install && npm test\n```');
  });

  it('points at each part of docs/', () => {
    for (const part of ['user', 'guide', 'reference', 'operations', 'decisions']) expect(README).toContain(`(docs/${part}/README.md)`);
  });
});
