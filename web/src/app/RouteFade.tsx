/**
 * The root view's page change (000 §2): the old page fades out, then the new one fades in. While the
 * old page leaves it stays mounted as it was, at the location it was shown for: the console shell
 * given the helper's path would route it as one of its own and show its 404. With reduced motion asked
 * for, pages swap at once.
 */
import { useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { UNSAFE_LocationContext as LocationContext, useOutlet } from 'react-router-dom';
import { reducedMotion } from './motion';

/** Matches the fade-out animation in styles.css. */
export const FADE_OUT_MS = 120;

export default function RouteFade({ fadeKey }: { fadeKey: string }) {
  const outlet = useOutlet();
  const location = useContext(LocationContext);
  const [shownKey, setShownKey] = useState(fadeKey);
  const lastShown = useRef<ReactNode>(outlet);
  const lastLocation = useRef(location);
  const leaving = shownKey !== fadeKey && !reducedMotion();

  useLayoutEffect(() => {
    if (leaving) return;
    lastShown.current = outlet;
    lastLocation.current = location;
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
        <LocationContext.Provider value={lastLocation.current}>{lastShown.current}</LocationContext.Provider>
      </div>
    );
  }
  return (
    <div key={fadeKey} className="route-fade">
      {outlet}
    </div>
  );
}
