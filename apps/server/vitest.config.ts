import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // e2e/lifecycle: the compiled server as a process of its own (how `npm start` runs it).
    include: ["src/**/*.test.ts", "e2e/lifecycle/**/*.test.ts"],
    // One PostgreSQL (embedded, or DATABASE_URL) and one migrated template per run.
    // e2e/lifecycle runs dist/main.js: build it (when stale) once, before any worker starts.
    globalSetup: ["src/test/global-setup.ts", "e2e/lifecycle/build-server.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
