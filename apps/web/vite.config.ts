import { i18nCatalogues } from "@lab/i18n/vite";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const apiTarget = "http://localhost:3000";

// react-router's package exports only its development build (remix-run/react-router#12532): in a
// production bundle it printed "Hey developer" error pages and carried its dev warnings (/login's
// budget). The build takes the production build it ships beside it.
const reactRouterProduction = fileURLToPath(
  new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url),
);

export default defineConfig(({ command }) => ({
  plugins: [i18nCatalogues(), react(), tailwindcss()],
  resolve: {
    alias: [
      { find: "@", replacement: "/src" },
      ...(command === "build" ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  // sockjs-client (the real-time client) reads Node's `global`; the build's CommonJS plugin maps it,
  // the dev server's dependency pre-bundling needs it spelled out.
  optimizeDeps: { esbuildOptions: { define: { global: "globalThis" } } },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: apiTarget, changeOrigin: true, ws: true },
      "/dev": { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: true, ws: true },
      "/dev": { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    minify: "terser",
    terserOptions: { compress: { passes: 2 }, format: { comments: false }, module: true },
    rollupOptions: {
      // Short chunk names: the entry lists every chunk it may preload, and on /login every byte counts.
      output: { chunkFileNames: "assets/[hash].js" },
      treeshake: {
        // @lab/contracts only declares values (schemas, messages, constants): a module of it that no
        // chunk uses can be dropped, so the /login bundle carries the messages but not zod
        // (DESIGN.md section 10: /login initial JS ≤ 120 KB gzip).
        moduleSideEffects: (id) => !/[\\/]packages[\\/]contracts[\\/]/.test(id),
      },
    },
  },
}));
