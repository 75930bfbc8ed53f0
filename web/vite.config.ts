/**
 * Build and dev-server configuration of the web app. The root is this folder wherever Vite is started
 * from (`npx vite build web`, `vite build --config web/vite.config.ts`, or the local cloud's startWeb).
 *
 * How the build is cut into files (`codeSplitting.groups`, Rolldown's form of Rollup's manualChunks):
 * - vendor code the entry needs is in chunks that change rarely (react, fluent, amplify), so a release
 *   of the app does not make browsers download the libraries again;
 * - the app's own code is in a few files by where it is used: what the entry needs (`boot`), the sign-in
 *   page (`login`), what the other public pages share (`public`), the private area's frame (`shell`,
 *   with the not-found page it shows), and what most private pages use (`workspace`). The login page
 *   loads no private-area code; a private page loads those files and its own.
 * Left alone, the bundler made a file of each set of pages sharing a module: a private page loaded
 * about 110 files, most under 1 KB gzip (an API module, a Fluent part), one request each, several
 * imports deep. Grouped, it loads about 25 files for about the same bytes, and opens sooner
 * (`npm run bench:web` prints both).
 */
import react from '@vitejs/plugin-react';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const source = (path: string) => join(root, 'src', path);

/** A module id inside one of these packages; `[\\/]` keeps the test right on Windows too. */
const inPackages = (names: readonly string[]): RegExp =>
  new RegExp(`[\\\\/]node_modules[\\\\/](${names.map((n) => n.replace(/[/.]/g, (c) => `\\${c}`)).join('|')})[\\\\/]`);

const VENDOR_GROUPS = [
  { name: 'react', test: inPackages(['react', 'react-dom', 'scheduler', 'react-router', 'cookie', 'set-cookie-parser']) },
  { name: 'fluent', test: inPackages(['@fluentui', '@griffel', 'tabster', 'keyborg', '@floating-ui', 'stylis', 'rtl-css-js']) },
  { name: 'amplify', test: inPackages(['aws-amplify', '@aws-amplify', '@aws-crypto', '@aws-sdk', '@smithy']) },
] as const;

const ENTRY = 'main.tsx';
const PAGE_REGISTRY = 'app/page-registry.ts';
const LOGIN_PAGE = 'pages/LoginPage.tsx';
const NOT_FOUND_PAGE = 'pages/NotFoundPage.tsx';
const OTHER_PUBLIC_PAGES = ['public/LandingPage.tsx', 'public/SignUpPage.tsx', 'public/ForgotPasswordPage.tsx', 'public/OpenPage.tsx'];
/** The private area's frame, around every private page. */
const SHELL = ['app/shell/Shell.tsx', 'app/PageGate.tsx'];
/**
 * A module of the app that at least this many private pages import (of about 30) is in `workspace`,
 * which every private page loads; one fewer pages use stays in the bundler's own chunks, so a page does
 * not load much it does not use. Measured with `npm run bench:web`: 8 gave the fewest files for the
 * bytes (4 loaded more bytes, 12 and more made more files for no fewer bytes).
 */
const WORKSPACE_MIN_PAGES = 8;

/** What Rolldown tells a group's `name` function about the module graph. */
interface ChunkingContext {
  getModuleInfo(id: string): { readonly importedIds: readonly string[]; readonly dynamicallyImportedIds: readonly string[] } | null;
}

/** The app's own code (not a package, not a bundler's virtual module): what the app groups take. */
const isAppCode = (id: string) => !id.includes('node_modules') && !id.startsWith('\0');

/** The app modules these modules import statically, directly or not; packages are not followed. */
function staticAppClosure(roots: readonly string[], ctx: ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id) || !isAppCode(id)) continue;
    seen.add(id);
    pending.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The app's groups, made afresh for each build: their module sets are worked out from the first build's
 * graph they are asked about. Each takes its modules and, by Rolldown's default, the packages those
 * import that no group above it took; so a package the login page uses is in `login`, not in a
 * private-area file the login page would then have to load.
 */
function appGroups() {
  const closures = new Map<string, Set<string>>();
  const closureGroup = (name: string, roots: readonly string[], options: { priority: number; minShareCount?: number }) => ({
    name: (id: string, ctx: ChunkingContext) => {
      let closure = closures.get(name);
      if (closure === undefined) closures.set(name, (closure = staticAppClosure(roots.map(source), ctx)));
      return closure.has(id) ? name : null;
    },
    debugName: name,
    ...options,
  });

  let pagesUsing: Map<string, number> | undefined;
  const publicPages = new Set([LOGIN_PAGE, NOT_FOUND_PAGE, ...OTHER_PUBLIC_PAGES].map(source));
  const workspace = (id: string, ctx: ChunkingContext) => {
    if (pagesUsing === undefined) {
      pagesUsing = new Map();
      // The registry imports each page lazily: its dynamic imports are the pages.
      const pages = ctx.getModuleInfo(source(PAGE_REGISTRY))?.dynamicallyImportedIds ?? [];
      for (const page of pages.filter((page) => !publicPages.has(page))) {
        for (const module of staticAppClosure([page], ctx)) pagesUsing.set(module, (pagesUsing.get(module) ?? 0) + 1);
      }
    }
    return isAppCode(id) && (pagesUsing.get(id) ?? 0) >= WORKSPACE_MIN_PAGES ? 'workspace' : null;
  };

  return [
    // The forms' validation library, in one file of its own for the pages and dialogs that validate,
    // taken first so that no app group pulls it into a file a page without a form loads.
    { name: 'zod', test: inPackages(['zod']), priority: 8 },
    closureGroup('boot', [ENTRY], { priority: 7 }),
    closureGroup('login', [LOGIN_PAGE], { priority: 6 }),
    closureGroup('public', OTHER_PUBLIC_PAGES, { priority: 5, minShareCount: 2 }),
    closureGroup('not-found', [NOT_FOUND_PAGE], { priority: 4 }),
    closureGroup('shell', SHELL, { priority: 3 }),
    { name: workspace, debugName: 'workspace', priority: 2 },
  ];
}

export default defineConfig(() => ({
  root,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            ...VENDOR_GROUPS.map((group, index) => ({
              ...group,
              // Above the app's groups; earlier ones win a module wanted by two (React, which Fluent imports).
              priority: 100 - index,
              // Only what the entry needs joins a vendor chunk; library code used by a lazy page alone
              // stays with that page, so the login page does not pay for the private area's widgets.
              tags: ['$initial' as const],
            })),
            ...appGroups(),
          ],
        },
      },
    },
  },
  server: {
    strictPort: true,
  },
}));
