// Runs the browser tests (Playwright) with Debian's Chromium. Without a
// Chromium: in CI (CI is set) that is a failure, never a silent pass; on a
// developer machine the tests are skipped with instructions, loudly. Exits
// with Playwright's status, so any failing test fails `npm test`.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// A build script, not the app: reading the environment here is its job.
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

if (!existsSync(chromiumPath)) {
  const message = [
    `Chromium was not found at ${chromiumPath}, so the browser tests cannot run.`,
    "Install Debian's Chromium with:  apt-get install -y chromium",
    "or point CHROMIUM_PATH at another Chromium binary. (Never `playwright install`.)",
  ].join("\n");
  if (process.env.CI) {
    console.error(`[e2e] FAILED: ${message}`);
    process.exit(1);
  }
  console.warn(`\n[e2e] SKIPPED the browser tests.\n${message}\n`);
  process.exit(0);
}

const result = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], {
  cwd: webDir,
  stdio: "inherit",
  env: {
    ...process.env,
    CHROMIUM_PATH: chromiumPath,
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
