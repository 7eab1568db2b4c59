// Vite builds the back-office client from desktop/client into dist/client at the repository root,
// which the service serves at `/` (server/http/client.ts). `npm run dev:client` proxies /api to a
// service started with `npm start` on port 8080.
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { antdStyles } from './antdStyles.js';
import { precompress } from './precompress.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  plugins: [react(), antdStyles(), precompress()],
  build: {
    outDir: `${repo}dist/client`,
    emptyOutDir: true,
    assetsDir: 'assets',
    chunkSizeWarningLimit: 1200,
  },
  server: {
    // the client imports the zod schemas of ../../shared
    fs: { allow: [repo] },
    proxy: { '/api': 'http://localhost:8080' },
  },
});
