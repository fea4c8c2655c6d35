// Runs the browser tests (Playwright) with the Chromium @cobro/test-browser finds (playwright.config.ts): Debian's,
// installed when missing where we may, so a fresh machine needs nothing but `npm install`. Exits with Playwright's
// status, so any failing test fails `npm test`.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const result = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], {
  cwd: webDir,
  stdio: "inherit",
  env: {
    ...process.env,
    // Playwright loads the tests with Node's resolution: workspace packages resolve to their TypeScript source
    // (see workspace-source.mts at the repository root).
    NODE_OPTIONS: [process.env.NODE_OPTIONS, "--conditions=@cobro/source"].filter(Boolean).join(" "),
  },
});
if (result.error) {
  console.error(`[e2e] could not start Playwright: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
