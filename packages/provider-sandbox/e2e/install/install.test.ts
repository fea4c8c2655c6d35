// The two published packages installed the way an integrator installs them,
// outside this monorepo: `npm pack` of each (whose `prepack` builds dist/),
// `npm install` of the tarballs into an empty folder with their dependencies
// from the registry, then the sandbox started through its bin, payments from
// plain Node through the client and through the provider's official Node SDK
// (installed in that folder only), the declarations typechecked with
// `nodenext` and `bundler` resolution, and the client bundled by esbuild.
//
// Everything happens in one temporary folder of the run: the packages are
// packed from a copy of their sources (so the build writes nothing in the
// repository and parallel runs never share a dist/), npm's cache is in there
// too, and the sandbox takes a free port.

import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SELLER } from "../../src/core/credentials";

const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const CONSUMER_FILES = fileURLToPath(new URL("./consumer/", import.meta.url));
const TSC = createRequire(import.meta.url).resolve("typescript/bin/tsc");
/** The provider's Node SDK, and the Node types the TypeScript consumer compiles against: the consumer's own. */
const CONSUMER_DEPENDENCIES = ["mercadopago@3.6.1", "@types/node@20.19.43"];
/** Folders of a package that a fresh clone does not have or that the published package leaves out. */
const NOT_COPIED = new Set(["node_modules", "dist", "e2e", ".turbo"]);
const SETUP_TIMEOUT_MS = 300_000;
// Generous for a loaded machine: the whole file needs about 25 s of CPU, most of it packing and typechecking.
const STEP_TIMEOUT_MS = 120_000;

interface RunResult {
  stdout: string;
  stderr: string;
}

/** npm settings passed down by environment that say how to reach the registry: kept for the consumer's npm. */
const REGISTRY_SETTING =
  /^npm_config_(registry|.+:registry|cafile|ca|proxy|https_proxy|noproxy|strict_ssl|userconfig|globalconfig)$/i;

/**
 * The environment of every command: without the rest of what `npm test` passes down (`npm_package_*`,
 * `npm_config_workspace`… would steer the consumer's npm) or a loader flag (`--conditions`) that would make
 * Node look for the packages' TypeScript source, which the tarballs do not hold.
 */
function cleanEnv(work: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(key) && !REGISTRY_SETTING.test(key)) continue;
    if (key === "NODE_OPTIONS" || key === "INIT_CWD") continue;
    env[key] = value;
  }
  env.npm_config_cache = path.join(work, "npm-cache");
  env.npm_config_update_notifier = "false";
  env.npm_config_fund = "false";
  env.npm_config_audit = "false";
  return env;
}

let work = "";

function run(command: string, args: string[], cwd: string): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: cleanEnv(work), stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new Error(`${command} ${args.join(" ")} (in ${cwd}) exited ${code}\n${stdout}\n${stderr}`));
    });
  });
}

/** The last line of a program's output, parsed: the consumer programs print their result as one JSON line. */
function lastJsonLine<T>(output: RunResult): T {
  const lines = output.stdout.trim().split("\n");
  return JSON.parse(lines[lines.length - 1] ?? "null") as T;
}

/** `npm pack` of one package from a copy of it laid out as in the repository; returns the tarball's path. */
async function pack(copyRoot: string, folder: string, destination: string): Promise<string> {
  cpSync(path.join(REPO_ROOT, "packages", folder), path.join(copyRoot, "packages", folder), {
    recursive: true,
    filter: (source) => !NOT_COPIED.has(path.basename(source)),
  });
  mkdirSync(destination, { recursive: true });
  await run("npm", ["pack", "--pack-destination", destination], path.join(copyRoot, "packages", folder));
  const [tarball] = readdirSync(destination).filter((name) => name.endsWith(".tgz"));
  if (!tarball) throw new Error(`npm pack of ${folder} left no tarball`);
  return path.join(destination, tarball);
}

let consumer = "";
let sandbox: ChildProcess | undefined;
let sandboxUrl = "";

/** Starts the installed bin on a free port and resolves with the URL its banner prints. */
function startSandbox(): Promise<string> {
  const bin = path.join(consumer, "node_modules", ".bin", "mercadopago-sandbox");
  const child = spawn(bin, ["--port", "0", "--data", path.join(work, "sandbox-data")], {
    cwd: consumer,
    env: cleanEnv(work),
    stdio: ["ignore", "pipe", "pipe"],
  });
  sandbox = child;
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`the sandbox exited (${code}) before listening:\n${output}`)));
  });
}

/** The default seller's payments with that external reference, as the sandbox holds them. */
async function paymentsWithReference(reference: string): Promise<{ id: number; status: string }[]> {
  const res = await fetch(`${sandboxUrl}/v1/payments/search?external_reference=${reference}`, {
    headers: { authorization: `Bearer ${DEFAULT_SELLER.accessToken}` },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { results: { id: number; status: string }[] };
  return body.results;
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "mercadopago-sandbox-install-"));
  const copyRoot = path.join(work, "repo");
  mkdirSync(copyRoot);
  // The packages' tsconfig.json extend ../../tsconfig.base.json; their build tools come from the workspace's
  // node_modules (read only: the build writes in the copy).
  cpSync(path.join(REPO_ROOT, "tsconfig.base.json"), path.join(copyRoot, "tsconfig.base.json"));
  symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(copyRoot, "node_modules"), "dir");
  const tarballs = await Promise.all([
    pack(copyRoot, "provider-client", path.join(work, "packed", "client")),
    pack(copyRoot, "provider-sandbox", path.join(work, "packed", "sandbox")),
  ]);

  consumer = path.join(work, "consumer");
  cpSync(CONSUMER_FILES, consumer, { recursive: true });
  writeFileSync(
    path.join(consumer, "package.json"),
    `${JSON.stringify({ name: "consumer", private: true, type: "module" }, null, 2)}\n`,
  );
  await run("npm", ["install", "--no-audit", "--no-fund", ...tarballs, ...CONSUMER_DEPENDENCIES], consumer);
  sandboxUrl = await startSandbox();
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  if (sandbox && sandbox.exitCode === null) {
    const exited = new Promise((resolve) => sandbox?.once("exit", resolve));
    sandbox.kill("SIGTERM");
    await exited;
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the published packages installed outside the monorepo", { timeout: STEP_TIMEOUT_MS }, () => {
  it("start the sandbox with its bin and pay through the client from plain Node", async () => {
    const reference = "install-client";
    const result = lastJsonLine<{ paymentId: number; status: string; amount: number }>(
      await run(process.execPath, ["pay-with-client.mjs", sandboxUrl, DEFAULT_SELLER.accessToken, reference], consumer),
    );
    expect(result).toMatchObject({ status: "approved", amount: 149.9 });
    expect(await paymentsWithReference(reference)).toEqual([
      expect.objectContaining({ id: result.paymentId, status: "approved" }),
    ]);
  });

  it("pay with the provider's official Node SDK pointed at the sandbox, once despite a repeated call", async () => {
    const reference = "install-official-sdk";
    const result = lastJsonLine<{ paymentId: number; retriedId: number; status: string }>(
      await run(
        process.execPath,
        ["pay-with-official-sdk.mjs", sandboxUrl, DEFAULT_SELLER.accessToken, reference],
        consumer,
      ),
    );
    expect(result.status).toBe("approved");
    expect(result.retriedId).toBe(result.paymentId);
    expect(await paymentsWithReference(reference)).toEqual([expect.objectContaining({ id: result.paymentId })]);
  });

  it("start the sandbox as a library from plain Node, validating against the spec it ships", async () => {
    const script = `
      import { createSandbox, DEFAULT_SELLER } from "mercadopago-sandbox";
      const sandbox = await createSandbox({ port: 0 });
      const res = await fetch(sandbox.url + "/v1/payments", {
        method: "POST",
        headers: { authorization: "Bearer " + DEFAULT_SELLER.accessToken, "content-type": "application/json", "x-idempotency-key": "k1" },
        body: JSON.stringify({
          transaction_amount: "ten",
          token: "card-token",
          installments: 1,
          payment_method_id: "visa",
          payer: { email: "buyer@testuser.com" },
        }),
      });
      console.log(JSON.stringify({ status: res.status, body: await res.json() }));
      await sandbox.close();`;
    const result = lastJsonLine<{ status: number; body: { message: string } }>(
      await run(process.execPath, ["--input-type=module", "-e", script], consumer),
    );
    expect(result.status).toBe(400);
    expect(result.body.message).toContain("transaction_amount");
  });

  it("typecheck a TypeScript consumer with nodenext and with bundler resolution", async () => {
    // nodenext also checks every declaration file (skipLibCheck off): the packages' own must hold up on their own.
    await run(process.execPath, [TSC, "-p", "tsconfig.nodenext.json"], consumer);
    await run(process.execPath, [TSC, "-p", "tsconfig.bundler.json"], consumer);
  });

  it("bundle the client with esbuild, for Node and (its money helpers) for the browser", async () => {
    const outfile = path.join(work, "bundle", "pay.mjs");
    await build({
      entryPoints: [path.join(consumer, "pay-with-client.mjs")],
      absWorkingDir: consumer,
      bundle: true,
      platform: "node",
      format: "esm",
      outfile,
      logLevel: "error",
    });
    const result = lastJsonLine<{ status: string }>(
      await run(process.execPath, [outfile, sandboxUrl, DEFAULT_SELLER.accessToken, "install-bundled"], work),
    );
    expect(result.status).toBe("approved");

    const browser = await build({
      stdin: {
        contents: 'import { formatMoney } from "@cobro/provider-client/money"; console.log(formatMoney(1999, "BRL"));',
        resolveDir: consumer,
      },
      bundle: true,
      platform: "browser",
      format: "esm",
      write: false,
      logLevel: "error",
    });
    const code = browser.outputFiles[0]?.text ?? "";
    expect(code).toContain("Intl.NumberFormat");
    expect(code).not.toMatch(/from\s*"node:/);
  });
});
