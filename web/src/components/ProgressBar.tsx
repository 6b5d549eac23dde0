import { useEffect, useState } from 'react';
import { progress } from '../app/api';
import { useReducedMotion } from '../app/motion';

/** The thin top bar driven by the count of requests in flight (000 §4); it jumps instead of gliding when the system asks for reduced motion. */
export default function ProgressBar() {
  const calm = useReducedMotion();
  const [s, setS] = useState(progress.state());
  useEffect(() => progress.subscribe(setS), []);
  const visible = s.active || (s.value > 0 && s.value < 1);
  return (
    <div
      aria-hidden
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        height: 2,
        zIndex: 2000,
        pointerEvents: 'none',
        width: `${Math.round((s.active ? s.value : 1) * 100)}%`,
        background: 'var(--color-primary)',
        opacity: visible ? 1 : 0,
        transition: calm ? 'none' : 'width 200ms ease, opacity 400ms ease',
      }}
    />
  );
}
