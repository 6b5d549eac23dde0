/**
 * The web app's build (`vite build` -> web/dist, served by the server) and dev server
 * (`npm run dev:web`: Vite on 5173 proxying /api, /upload, /private and /socket.io to the server on API_TARGET or :8001).
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const target = process.env.API_TARGET ?? `http://127.0.0.1:${process.env.PORT ?? 8001}`;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
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
