import { defineConfig } from "vitest/config";
import { workspaceSourceResolution } from "../../workspace-source.mjs";

export default defineConfig({
  ...workspaceSourceResolution,
  test: {
    // src: unit and integration tests; e2e: the server as a process, started the way `npm start` starts it.
    include: ["src/**/*.test.ts", "e2e/**/*.test.ts"],
    // One PostgreSQL (embedded, or DATABASE_URL) and one migrated template per run.
    // e2e runs dist/main.js: build it (when stale) once, before any worker starts.
    globalSetup: ["src/test/global-setup.ts", "e2e/lifecycle/build-server.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
