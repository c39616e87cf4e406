import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type HtmlTagDescriptor, type Plugin, type Rolldown } from 'vite';
import { LANDING_PAGE_FILE } from '../infra/spa-rewrite.ts';

const frontendRoot = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));
const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };
/** `npm run dev` proxies the backend of `npm start` so the browser sees one origin, as in production. */
const backend = process.env.LBM_BACKEND_URL ?? 'http://127.0.0.1:3000';

/**
 * The entry (main.tsx) imports nothing statically, so it runs as soon as it arrives and starts
 * the chunk of the screen the visitor lands on; the app itself (boot.tsx with React, the router and the
 * shell) it imports dynamically. Preloading that chunk and everything it imports from index.html fetches
 * them beside the entry instead of after it, on every route; a screen's chunk stays out of index.html,
 * so `/auth` does not download the landing page nor `/` the auth screen.
 */
function preloadBootChunk(): Plugin {
  return {
    name: 'lbm-preload-boot-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context): { html: string; tags: HtmlTagDescriptor[] } {
        const chunks = new Map<string, Rolldown.OutputChunk>();
        for (const output of Object.values(context.bundle ?? {}))
          if (output.type === 'chunk') chunks.set(output.fileName, output);
        const boot = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith('/src/boot.tsx'));
        if (!boot) throw new Error('The build has no boot chunk to preload.');
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
        };
        visit(boot.fileName);
        // Largest first: over HTTP/1.1 (the local gateway) only six requests run at once, and React,
        // the longest download, must not wait for a free connection behind the small files.
        const size = (file: string) => chunks.get(file)?.code.length ?? 0;
        const tags = [...files]
          .sort((a, b) => size(b) - size(a))
          .filter((file) => !html.includes(`/${file}"`))
          .map(
            (file): HtmlTagDescriptor => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head',
            }),
          );
        // `async`: the entry runs as soon as it has arrived. A deferred module script (the default) also
        // waits for the style sheet, so the screen's chunk was requested only once the CSS was in.
        const entry = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"><\/script>/;
        if (!entry.test(html)) throw new Error('index.html has no entry script to load async.');
        return {
          html: html.replace(entry, '<script type="module" async crossorigin src="$1"></script>'),
          tags,
        };
      },
    },
  };
}

/**
 * LCP of `/`: once the build is written, renders the landing page with react-dom/server
 * (src/prerender.tsx, loaded through Vite's SSR module loader with the app's own aliases) into a copy of
 * the built index.html, LANDING_PAGE_FILE, which CloudFront and the local server serve for `/` only
 * (infra/spa-rewrite.ts). Its text then paints as soon as the HTML and the style sheet are in; boot.tsx
 * hydrates it. index.html stays the empty shell every other route gets.
 */
function prerenderLandingPage(): Plugin {
  return {
    name: 'lbm-prerender-landing-page',
    apply: 'build',
    async closeBundle() {
      const shell = await readFile(join(outDir, 'index.html'), 'utf8');
      const root = '<div id="root"></div>';
      if (!shell.includes(root)) throw new Error(`index.html has no empty ${root} to prerender into.`);
      const server = await createServer({
        configFile: false,
        root: frontendRoot,
        logLevel: 'error',
        resolve: { alias },
        plugins: [react()],
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, watch: null },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { renderLandingPage } = (await server.ssrLoadModule('/src/prerender.tsx')) as {
          renderLandingPage: () => Promise<string>;
        };
        const markup = await renderLandingPage();
        await writeFile(
          join(outDir, LANDING_PAGE_FILE),
          shell.replace(root, `<div id="root">${markup}</div>`),
        );
      } finally {
        await server.close();
      }
    },
  };
}

/** The chunks whose code the first render of `/` or `/auth` runs (the groups below and the two screens). */
const FIRST_RENDER_CHUNKS = new Set(['react', 'shell', 'boot', 'landing-page', 'auth-page']);

export default defineConfig({
  root: frontendRoot,
  plugins: [react(), tailwindcss(), preloadBootChunk(), prerenderLandingPage()],
  resolve: {
    // `#shared/*` and the other subpath imports come from the root package.json `imports` field, which
    // Vite resolves natively; `@/` is the frontend's own source root.
    alias,
  },
  build: {
    outDir,
    emptyOutDir: true,
    // Every browser this app supports preloads modules itself (Chrome 66, Firefox 115, Safari 17); one
    // without it still runs the app, only without the preloads. Vite's fallback would add to the entry of
    // every first load (docs/benchmarks.md, "bundle-size").
    modulePreload: { polyfill: false },
    // The bundle-size bench walks the manifest to find what the first load of a route downloads.
    manifest: true,
    // Maps stay in dist for debugging a release, unreferenced by the bundles: the deployment leaves
    // them out (infra/frontend.ts), and a bundle must not point browsers at a file that is not there.
    sourcemap: 'hidden',
    // Rolldown splits every module shared by several chunks into its own file, so the first load of `/`
    // was 23 requests, each compressed on its own. Groups gather what the first loads need: the entry's
    // start; React, React DOM, the scheduler and the router; the shell (config, session, the route table,
    // the UI kit of the landing page and the sign-in form, and the icons they share with the sidebar);
    // and the auth screen with what its views share. A group also takes its modules' imports not taken
    // by an earlier one, so the order matters. A module left out falls back to automatic chunking.
    rolldownOptions: {
      output: {
        // V8's explicit compile hint for the chunks a first load runs at once: their functions are
        // compiled on a background thread while the file streams in, not one by one on the main thread
        // as the first render calls them (LCP of `/`: docs/benchmarks.md, "lcp").
        // Browsers without the hint read a comment.
        postBanner: (chunk) => (FIRST_RENDER_CHUNKS.has(chunk.name) ? '//# allFunctionsCalledOnLoad' : ''),
        codeSplitting: {
          groups: [
            // What the entry itself runs before React has arrived: Vite's preload helper (which would
            // otherwise land in the shell and make the entry wait for it) and the public screens' loaders.
            {
              name: 'start',
              test: /vite[\\/]preload-helper|[\\/]src[\\/](app[\\/]public-screens|lib[\\/]preloadable)\.ts$/,
            },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            {
              name: 'shell',
              test: /[\\/]src[\\/](components[\\/](ui[\\/](button|badge|card|form-field|input|label|spinner)|layout[\\/](brand|external-link|loading-screen))|lib[\\/](utils|toast|config|preloadable-component|auth[\\/](session|auth-context|claims|stored-session|session-ended|auth-service-error))|app[\\/](screens|screen-paths|navigation[\\/](nav-items|page-title)))\.tsx?$|node_modules[\\/](clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](arrow-left|arrow-right|arrow-up-right|log-in|layout-dashboard|layers|trending-up|send|sparkles|link-2|triangle-exclamation-point|loader-circle)\.m?js$/,
            },
            // The first load of `/auth`: its screen with the sign-in form and what the other auth views
            // share with it, in one file rather than six (each compressed on its own).
            {
              name: 'auth-page',
              test: /[\\/]src[\\/]features[\\/]auth[\\/](auth-page|auth-layout|auth-tabs|auth-view|auth-errors|sign-in-form|submit-button|use-submit|validation|messages)\.tsx?$|[\\/]shared[\\/](email-domain|password-policy)\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': backend,
      '/config.json': backend,
      '/dev/mailbox.json': backend,
      '/ws': { target: backend.replace(/^http/, 'ws'), ws: true },
    },
  },
});
