/** Types of scripts/lint-web-calls.mjs for the tests. */
export interface WebCallFinding {
  line: number;
  col: number;
  text: string;
  kind: 'path' | 'built path' | 'entityAction';
}
export const ROOT: string;
export const SKIPPED: string[];
export function moduleNames(root?: string): string[];
export function lintSource(fileName: string, sourceText: string, modules: string[]): WebCallFinding[];
export function lintPaths(paths: string[], base?: string, modules?: string[]): Array<WebCallFinding & { file: string }>;
