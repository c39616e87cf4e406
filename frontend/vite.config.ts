import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

const frontendRoot = fileURLToPath(new URL('.', import.meta.url));
/** `npm run dev` proxies the backend of `npm start` so the browser sees one origin, as in production. */
const backend = process.env.LBM_BACKEND_URL ?? 'http://127.0.0.1:3000';

/**
 * Issue 15: most first visits land on `/`, whose screen main.tsx imports only once the entry has run,
 * after React has downloaded. Preloading the landing chunk and its imports from index.html fetches them
 * beside React instead, a round trip earlier; the first-load figures count them for `/auth` too.
 */
function preloadLandingChunk(): Plugin {
  return {
    name: 'lbm-preload-landing-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context): HtmlTagDescriptor[] {
        const landing = Object.values(context.bundle ?? {}).find(
          (output) =>
            output.type === 'chunk' &&
            output.facadeModuleId?.endsWith('/src/features/landing/landing-page.tsx'),
        );
        if (landing?.type !== 'chunk') throw new Error('The build has no landing-page chunk to preload.');
        return [landing.fileName, ...landing.imports]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          }));
      },
    },
  };
}

export default defineConfig({
  root: frontendRoot,
  plugins: [react(), tailwindcss(), preloadLandingChunk()],
  resolve: {
    // `#shared/*` and the other subpath imports come from the root package.json `imports` field, which
    // Vite resolves natively; `@/` is the frontend's own source root.
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // The bundle-size bench walks the manifest to find what the first load of a route downloads.
    manifest: true,
    // Maps stay in dist for debugging a release, unreferenced by the bundles: the deployment leaves
    // them out (infra/frontend.ts), and a bundle must not point browsers at a file that is not there.
    sourcemap: 'hidden',
    // Rolldown splits every module shared by several chunks into its own file, so the first load of `/`
    // was 23 requests, each compressed on its own. Two groups gather what every page needs before the
    // first render: React, React DOM, the scheduler and the router; and the shell (config, session, the
    // route table, the landing page's UI kit and the icons it shares with the sidebar). A module left out
    // only falls back to automatic chunking.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            {
              name: 'shell',
              test: /[\\/]src[\\/](components[\\/](ui[\\/](button|badge|card)|layout[\\/](brand|external-link|loading-screen))|lib[\\/](utils|toast|config|auth[\\/](session|auth-context|claims|stored-session))|app[\\/](screens|screen-paths|navigation[\\/](nav-items|page-title)))\.tsx?$|node_modules[\\/](clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](arrow-right|arrow-up-right|log-in|layout-dashboard|layers|trending-up|send|sparkles|link-2|triangle-exclamation-point|loader-circle)\.m?js$/,
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
