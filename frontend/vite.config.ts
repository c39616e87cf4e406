import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const frontendRoot = fileURLToPath(new URL('.', import.meta.url));
/** `npm run dev` proxies the backend of `npm start` so the browser sees one origin, as in production. */
const backend = process.env.LBM_BACKEND_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: frontendRoot,
  plugins: [react(), tailwindcss()],
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
    // route table, the landing page's UI kit). A module left out only falls back to automatic chunking.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            {
              name: 'shell',
              test: /[\\/]src[\\/](components[\\/](ui[\\/](button|badge|card)|layout[\\/](brand|external-link|loading-screen))|lib[\\/](utils|toast|config|auth[\\/](session|auth-context|claims|stored-session))|app[\\/](screens|screen-paths|navigation[\\/](nav-items|page-title)))\.tsx?$|node_modules[\\/](clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/,
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
