#!/usr/bin/env node
// The build step of `npm start`: rebuilds the web app (apps/web/dist) and the
// compiled server (apps/server/dist) only when their inputs changed since the
// last build, so a restart costs a directory walk (tens of milliseconds), not
// a build.
//
// "Changed" is decided by a signature of the inputs: the newest modification
// time over their files and a hash of their paths (so an added, removed or
// renamed file counts too). A build records the signature it was made from in
// dist/.build-inputs.json; a differing or missing record means stale. `--force` rebuilds; naming targets (`web`, `server`)
// limits the check to them.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SKIPPED_FOLDERS = new Set([
  "node_modules",
  "dist",
  ".turbo",
  ".data",
  "test-results",
  "playwright-report",
  "e2e",
]);
const RECORD = ".build-inputs.json";

/** Both outputs read the shared packages; the lockfile stands for installed dependency versions. */
const SHARED_INPUTS = ["packages", "package-lock.json"];

const TARGETS = [
  {
    id: "web",
    name: "web app",
    dist: "apps/web/dist",
    inputs: ["apps/web", ...SHARED_INPUTS],
    command: ["npm", ["run", "build", "--workspace", "@cobro/web"]],
  },
  {
    id: "server",
    name: "server",
    dist: "apps/server/dist",
    inputs: ["apps/server", ...SHARED_INPUTS],
    command: [process.execPath, ["apps/server/scripts/build.mjs"]],
  },
];

function signatureOf(inputs) {
  let newestMs = 0;
  const paths = createHash("sha256");
  const visit = (relative) => {
    let entries;
    try {
      entries = readdirSync(path.join(root, relative), { withFileTypes: true });
    } catch (error) {
      if (error.code !== "ENOTDIR") return; // an input that does not exist
      newestMs = Math.max(newestMs, statSync(path.join(root, relative)).mtimeMs);
      paths.update(`${relative}\n`);
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory() && SKIPPED_FOLDERS.has(entry.name)) continue;
      visit(path.join(relative, entry.name));
    }
  };
  for (const input of inputs) visit(input);
  return { newestMs, paths: paths.digest("hex") };
}

function recordedSignature(dist) {
  try {
    return JSON.parse(readFileSync(path.join(root, dist, RECORD), "utf8"));
  } catch {
    return null;
  }
}

const args = process.argv.slice(2);
const force = args.includes("--force");
const only = args.filter((arg) => !arg.startsWith("--"));
for (const target of TARGETS) {
  if (only.length > 0 && !only.includes(target.id)) continue;
  const signature = signatureOf(target.inputs);
  const recorded = recordedSignature(target.dist);
  const fresh = recorded?.newestMs === signature.newestMs && recorded?.paths === signature.paths;
  if (fresh && !force) continue;
  console.log(`Building the ${target.name} (${recorded ? "sources changed" : "no build yet"})…`);
  const [command, args] = target.command;
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`Building the ${target.name} failed.`);
    process.exit(result.status ?? 1);
  }
  writeFileSync(path.join(root, target.dist, RECORD), `${JSON.stringify(signature)}\n`);
}
