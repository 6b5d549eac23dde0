import { theme } from 'antd';

/** A value shown as indented JSON in a scrolling code block. */
export default function JsonPreview({ value, maxHeight = 420 }: { value: unknown; maxHeight?: number | string }) {
  const { token } = theme.useToken();
  return (
    <pre
      data-testid="json-preview"
      style={{
        margin: 0,
        maxHeight,
        overflow: 'auto',
        padding: 12,
        fontSize: 12,
        lineHeight: 1.5,
        fontFamily: token.fontFamilyCode,
        background: token.colorFillQuaternary,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
      }}
    >
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
