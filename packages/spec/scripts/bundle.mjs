// Bundles the multi-file spec (openapi.yaml + paths/ + schemas/) into one JSON
// document, generated/openapi.json, which the sandbox validates against and the
// client's types are generated from. `--check` fails when the committed bundle
// is stale, so a spec change without `npm run generate` cannot land.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const target = join(root, "generated", "openapi.json");
const check = process.argv.includes("--check");

const out = check ? join(mkdtempSync(join(tmpdir(), "cobro-spec-")), "openapi.json") : target;
execFileSync("npx", ["--no-install", "redocly", "bundle", "openapi.yaml", "--output", out, "--ext", "json"], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
});

if (check) {
  const fresh = readFileSync(out, "utf8");
  rmSync(dirname(out), { recursive: true, force: true });
  let committed = "";
  try {
    committed = readFileSync(target, "utf8");
  } catch {}
  if (fresh !== committed) {
    console.error("packages/spec/generated/openapi.json is stale: run `npm run generate` and commit the result.");
    process.exit(1);
  }
  console.log("packages/spec/generated/openapi.json is up to date.");
}
