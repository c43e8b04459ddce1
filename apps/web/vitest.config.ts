import { availableParallelism } from "node:os";

import { i18nCatalogues } from "@lab/i18n/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [i18nCatalogues(), react()],
  resolve: { alias: { "@": "/src" } },
  test: {
    name: "web",
    environment: "jsdom",
    setupFiles: ["./src/testing/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    restoreMocks: true,
    unstubGlobals: true,
    // Vitest's default (cores − 1) leaves one of a 2-core CI machine idle while the other runs jsdom.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
