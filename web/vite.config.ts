/**
 * Build and dev-server configuration of the web app. The root is this folder wherever Vite is started
 * from (`npx vite build web`, `vite build --config web/vite.config.ts`, or the local cloud's startWeb).
 * Vendor code is split into chunks that change rarely (react, fluent, amplify), so a release of the app
 * does not make browsers download the libraries again, and the login page loads no private-area code.
 */
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** A module id inside one of these packages; `[\\/]` keeps the test right on Windows too. */
const inPackages = (names: readonly string[]): RegExp =>
  new RegExp(`[\\\\/]node_modules[\\\\/](${names.map((n) => n.replace(/[/.]/g, (c) => `\\${c}`)).join('|')})[\\\\/]`);

const VENDOR_GROUPS = [
  { name: 'react', test: inPackages(['react', 'react-dom', 'scheduler', 'react-router', 'cookie', 'set-cookie-parser']) },
  { name: 'fluent', test: inPackages(['@fluentui', '@griffel', 'tabster', 'keyborg', '@floating-ui', 'stylis', 'rtl-css-js']) },
  { name: 'amplify', test: inPackages(['aws-amplify', '@aws-amplify', '@aws-crypto', '@aws-sdk', '@smithy']) },
] as const;

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Vite 8 bundles with Rolldown: `codeSplitting.groups` is its form of Rollup's manualChunks.
        codeSplitting: {
          groups: VENDOR_GROUPS.map((group, index) => ({
            ...group,
            // Earlier groups win a module wanted by two (e.g. React, which Fluent also imports).
            priority: VENDOR_GROUPS.length - index,
            // Only what the entry needs joins a vendor chunk; library code used by a lazy page alone
            // stays in that page's chunk, so the login page does not pay for the shell's widgets.
            tags: ['$initial'],
          })),
        },
      },
    },
  },
  server: {
    strictPort: true,
  },
});
