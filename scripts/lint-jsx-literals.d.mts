/** Types of scripts/lint-jsx-literals.mjs for the tests. */
export interface JsxLiteralFinding {
  line: number;
  col: number;
  text: string;
  kind: string;
}
export const VISIBLE_ATTRIBUTES: Set<string>;
export const ROOT: string;
export function lintSource(fileName: string, sourceText: string): JsxLiteralFinding[];
export function lintPaths(paths: string[], base?: string): Array<JsxLiteralFinding & { file: string }>;
