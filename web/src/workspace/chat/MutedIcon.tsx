/** A bell struck through: the conversation is muted (antd has no such icon). */
export function MutedIcon() {
  return (
    <span role="img" aria-hidden className="anticon chat-muted-icon">
      <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M6 8a6 6 0 0 1 9.3-5" />
        <path d="M18 8c0 7 3 9 3 9H7" />
        <path d="M13.7 21a2 2 0 0 1-3.4 0" />
        <path d="M3 3l18 18" />
        <path d="M6 8c0 3-.5 5.2-1.2 6.7" />
      </svg>
    </span>
  );
}
