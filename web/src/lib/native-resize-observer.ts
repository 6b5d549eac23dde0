/**
 * Stands in for `resize-observer-polyfill` (vite.config.mts): antd's resize observer imports that
 * polyfill (about 4 KB of gzip JS on every page), and every browser the app supports has
 * ResizeObserver of its own.
 */
export default globalThis.ResizeObserver;
