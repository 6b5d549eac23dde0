/**
 * The eight themes of 000 §9, dark mode, and the primary colour's shade steps (0.1–0.9 towards white
 * for light, towards the dark background for dark). The setting (name, color, isGroup, transition,
 * dark) is kept in localStorage; a switch animates for 400 ms.
 */
import { useSyncExternalStore } from 'react';

export const THEME_NAMES = ['default', 'cuilv', 'zitan', 'jincheng', 'yingtao', 'bohe', 'qinghui', 'shanhu'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export const THEME_COLORS: Record<ThemeName, string> = {
  default: '#FA9819',
  cuilv: '#28B36B',
  zitan: '#8A4DCB',
  jincheng: '#E8A317',
  yingtao: '#E8455C',
  bohe: '#14B8A6',
  qinghui: '#4A6FA5',
  shanhu: '#F26B5B',
};

export const SWITCH_MS = 400;
export const SHADE_STEPS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9] as const;
const DARK_BG = '#141414';

export interface ThemeSetting {
  name: ThemeName;
  color: string;
  /** Side menu grouped by module (ProLayout's group mode). */
  isGroup: boolean;
  /** Animate theme switches. */
  transition: boolean;
  dark: boolean;
}

export const DEFAULT_THEME: ThemeSetting = { name: 'default', color: THEME_COLORS.default, isGroup: false, transition: true, dark: false };
const KEY = 'theme';

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full =
    h.length === 3
      ? h
          .split('')
          .map((c) => c + c)
          .join('')
      : h;
  const n = parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: number[]): string {
  return `#${rgb
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`.toUpperCase();
}

/** `mix(a, b, w)`: w of b mixed into a. */
export function mix(a: string, b: string, weight: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex(x.map((v, i) => v * (1 - weight) + y[i] * weight));
}

/** light-1..9 and dark-1..9 of a colour; in dark mode "light" shades move towards the dark background. */
export function shades(color: string, dark: boolean): { light: string[]; dark: string[] } {
  const towardsLight = dark ? DARK_BG : '#FFFFFF';
  const towardsDark = dark ? '#FFFFFF' : '#000000';
  return {
    light: SHADE_STEPS.map((s) => mix(color, towardsLight, s)),
    dark: SHADE_STEPS.map((s) => mix(color, towardsDark, s)),
  };
}

function load(): ThemeSetting {
  try {
    const raw = localStorage.getItem(KEY);
    if (raw) {
      const v = JSON.parse(raw) as Partial<ThemeSetting>;
      const name = (THEME_NAMES as readonly string[]).includes(v.name ?? '') ? (v.name as ThemeName) : 'default';
      const color = typeof v.color === 'string' && /^#[0-9a-f]{6}$/i.test(v.color) ? v.color : THEME_COLORS[name];
      return { ...DEFAULT_THEME, ...v, name, color };
    }
  } catch {
    /* a bad stored value falls back to the default */
  }
  return DEFAULT_THEME;
}

let current: ThemeSetting = load();
const listeners = new Set<() => void>();

/** Writes the shade variables on <html> (`--color-primary`, `--color-primary-light-1`…). */
export function applyCssVars(t: ThemeSetting): void {
  const root = document.documentElement;
  const s = shades(t.color, t.dark);
  root.style.setProperty('--color-primary', t.color);
  s.light.forEach((c, i) => root.style.setProperty(`--color-primary-light-${i + 1}`, c));
  s.dark.forEach((c, i) => root.style.setProperty(`--color-primary-dark-${i + 1}`, c));
  root.dataset.theme = t.name;
  root.dataset.mode = t.dark ? 'dark' : 'light';
  root.style.colorScheme = t.dark ? 'dark' : 'light';
}

export function getTheme(): ThemeSetting {
  return current;
}

export function setTheme(patch: Partial<ThemeSetting>): void {
  const next = { ...current, ...patch };
  if (patch.name && !patch.color) next.color = THEME_COLORS[patch.name];
  if (next.transition) {
    const root = document.documentElement;
    root.classList.add('theme-switching');
    window.setTimeout(() => root.classList.remove('theme-switching'), SWITCH_MS);
  }
  current = next;
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    /* not kept */
  }
  applyCssVars(current);
  for (const l of listeners) l();
}

export function useTheme(): ThemeSetting {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    },
    getTheme,
    getTheme,
  );
}

/** 000 §9 breakpoints. */
export function breakpoint(width: number): 'xs' | 'sm' | 'md' | 'xl' | 'full' {
  if (width < 768) return 'xs';
  if (width < 992) return 'sm';
  if (width < 1200) return 'md';
  if (width < 1920) return 'xl';
  return 'full';
}
