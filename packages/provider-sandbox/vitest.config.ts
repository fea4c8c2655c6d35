import { defineConfig } from "vitest/config";
import { workspaceSourceResolution } from "../../workspace-source.mjs";

export default defineConfig({
  ...workspaceSourceResolution,
  test: {
    include: ["src/**/*.test.ts", "e2e/**/*.test.ts"],
    // Browser tests (e2e/) start Chromium; they set their own, longer timeouts per file.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
