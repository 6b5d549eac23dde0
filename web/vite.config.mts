/**
 * The web app's build (`vite build` -> web/dist, served by the server) and dev server
 * (`npm run dev:web`: Vite on 5173 proxying /api, /upload, /private and /socket.io to the server on API_TARGET or :8001).
 */
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { localeSplit } from './vite-locale-split.mts';

/**
 * ProField (under every ProTable and ProForm) imports all its value types up front. The ones no screen
 * declares resolve to a light stand-in (console/crud/unused-value-type.tsx says which and why).
 */
const UNUSED_VALUE_TYPE = fileURLToPath(new URL('./src/console/crud/unused-value-type.tsx', import.meta.url));
const unusedValueTypes: Plugin = {
  name: 'cosmac-unused-value-types',
  enforce: 'pre',
  resolveId(source, importer) {
    if (
      importer &&
      /@ant-design[\\/]pro-field[\\/]es[\\/]index\.js$/.test(importer) &&
      /^\.\/components\/(ColorPicker|Image|Rate|Slider|Cascader)$/.test(source)
    ) {
      return UNUSED_VALUE_TYPE;
    }
    return null;
  },
};

/** antd's resize observer asks for a polyfill; the browsers' own ResizeObserver answers instead. */
const NATIVE_RESIZE_OBSERVER = fileURLToPath(new URL('./src/lib/native-resize-observer.ts', import.meta.url));

const target = process.env.API_TARGET ?? `http://127.0.0.1:${process.env.PORT ?? 8001}`;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [unusedValueTypes, localeSplit(fileURLToPath(new URL('./src/i18n/locales', import.meta.url))), react()],
  resolve: { alias: { 'resize-observer-polyfill': NATIVE_RESIZE_OBSERVER } },
  server: {
    port: 5173,
    proxy: {
      '/api': { target, changeOrigin: true },
      '/upload': { target, changeOrigin: true },
      '/private': { target, changeOrigin: true },
      '/socket.io': { target, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [{ test: /node_modules[\\/](rc-[^\\/]+|@rc-component[\\/][^\\/]+|@ant-design[\\/]cssinjs[^\\/]*)[\\/]/, sideEffects: false }],
      },
    },
  },
});
