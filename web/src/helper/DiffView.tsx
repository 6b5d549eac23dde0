/**
 * A unified diff as the review shows it: added lines on green, removed on red, hunk headers muted,
 * in the code font. The block scrolls inside itself both ways, so a long line never widens the page
 * (a phone at 390 px scrolls the diff, not the drawer).
 */
import { theme } from 'antd';
import type { CSSProperties } from 'react';
import { diffLines, type DiffKind } from './diff-lines';

export default function DiffView({ diff, maxHeight = 'min(60vh, 560px)' }: { diff: string; maxHeight?: string }) {
  const { token } = theme.useToken();
  const look: Record<DiffKind, CSSProperties> = {
    add: { background: token.colorSuccessBg, color: token.colorSuccessText },
    del: { background: token.colorErrorBg, color: token.colorErrorText },
    hunk: { color: token.colorInfoText, background: token.colorInfoBg },
    meta: { color: token.colorTextSecondary },
    same: {},
  };
  return (
    <div
      data-testid="cs-diff"
      style={{
        maxHeight,
        overflow: 'auto',
        fontFamily: token.fontFamilyCode,
        fontSize: 12,
        lineHeight: 1.6,
        background: token.colorFillQuaternary,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
      }}
    >
      <div style={{ display: 'inline-block', minWidth: '100%', padding: '6px 0' }}>
        {diffLines(diff).map((l, i) => (
          <div key={i} data-kind={l.kind} style={{ whiteSpace: 'pre', padding: '0 12px', ...look[l.kind] }}>
            {l.text || ' ' /* i18n-ok: an empty line keeps its height */}
          </div>
        ))}
      </div>
    </div>
  );
}
