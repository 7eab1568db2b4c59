// Vite builds the back-office client from desktop/client into dist/client at the repository root,
// which the service serves at `/` (server/http/client.ts). `npm run dev:client` proxies /api to a
// service started with `npm start` on port 8080.
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { antdStyles } from './antdStyles.js';
import { bootShell } from './bootShell.js';
import { precompress } from './precompress.js';
import { preloadFirst } from './preloadFirst.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  plugins: [react(), antdStyles(), bootShell(), preloadFirst(), precompress()],
  build: {
    outDir: `${repo}dist/client`,
    emptyOutDir: true,
    assetsDir: 'assets',
    chunkSizeWarningLimit: 1200,
    // Few, larger chunks (docs/performance.md, "Third round"): a phone on a slow link pays a round
    // trip and ~600 bytes of headers per script, and the default split gave the outbound list 68
    // scripts in three waves. The groups follow the first screens:
    // - `start`: everything the entry imports (React, antd's core, the router, the query cache);
    // - `forms`: the sign-in page and what it shares with the signed-in screens (antd's Form, Input,
    //   Typography, Alert, Space; the code words the dictionaries read), so sign-in loads `start`,
    //   `forms` and its dictionary and nothing else;
    // - `shell`: the layout and the list kit (every signed-in screen renders both), loaded beside
    //   the page's chunk (App.tsx preloadFirstScreen).
    // A group takes its modules' dependencies with it (rolldown's default). Automatic chunks under
    // 8 KB are inlined into the chunks that use them (a copy each) rather than fetched on their own.
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'], priority: 2 },
            {
              name: 'forms',
              test: /antd[\\/]es[\\/](form|input|typography|alert|space)[\\/]|src[\\/](pages[\\/]auth[\\/](LoginPage|AuthCard)|layout[\\/]LanguageSwitchDeferred|kit[\\/]lazyRule|i18n[\\/]codes)\.tsx?$/,
              priority: 1,
            },
            { name: 'shell', test: /src[\\/](layout[\\/](SignedIn|AppLayout)|kit[\\/](ListPage|EditDrawer))\.tsx$/ },
          ],
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
        },
      },
    },
  },
  server: {
    // the client imports the zod schemas of ../../shared
    fs: { allow: [repo] },
    proxy: { '/api': 'http://localhost:8080' },
  },
});
