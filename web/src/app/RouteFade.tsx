/**
 * The root view's page change (000 §2): the old page fades out, then the new one fades in. While the
 * old page leaves it stays mounted as it was; with reduced motion asked for, pages swap at once.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useOutlet } from 'react-router-dom';

/** Matches the fade-out animation in styles.css. */
export const FADE_OUT_MS = 120;

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export default function RouteFade({ fadeKey }: { fadeKey: string }) {
  const outlet = useOutlet();
  const [shownKey, setShownKey] = useState(fadeKey);
  const lastShown = useRef<ReactNode>(outlet);
  const leaving = shownKey !== fadeKey && !reducedMotion();

  useLayoutEffect(() => {
    if (!leaving) lastShown.current = outlet;
  });
  useEffect(() => {
    if (shownKey === fadeKey) return;
    if (!leaving) {
      setShownKey(fadeKey);
      return;
    }
    const timer = setTimeout(() => setShownKey(fadeKey), FADE_OUT_MS);
    return () => clearTimeout(timer);
  }, [fadeKey, shownKey, leaving]);

  if (leaving) {
    return (
      <div key={shownKey} className="route-fade route-fade-out" aria-hidden>
        {lastShown.current}
      </div>
    );
  }
  return (
    <div key={fadeKey} className="route-fade">
      {outlet}
    </div>
  );
}
