import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // One PostgreSQL (embedded, or DATABASE_URL) and one migrated template per run.
    globalSetup: ["src/test/global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
