#!/usr/bin/env node
// Measures what `npm start` costs: time from the command to /api/health 200
// (first start on a fresh data directory, then a restart on the same one) and
// the memory of every process it leaves running after a shop walk-through
// (page loads plus one approved card payment, as a shopper's browser would
// call the API).
//
//   node apps/server/scripts/measure-start.mjs            # from the repository root
//   node apps/server/scripts/measure-start.mjs --keep     # keep the data directory, print its path
//
// Like a terminal, it runs `npm start` in a process group of its own and stops
// it with SIGINT to that group (Ctrl-C). Memory is the sum of VmRSS over the
// process tree (what `ps` shows; shared pages count once per process) and the
// sum of Pss (shared pages split between the processes that map them).
// Numbers vary with the machine's load: run it on a quiet machine, twice.
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const keep = process.argv.includes("--keep");

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every process of the tree under `rootPid` (by parent pid), with its command, VmRSS and Pss in KiB. */
function processTree(rootPid) {
  const parents = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // gone meanwhile
    }
  }
  const inTree = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (!inTree.has(pid) && inTree.has(ppid)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  const rows = [];
  for (const pid of inTree) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
      const pss = Number(/Pss:\s+(\d+)/.exec(rollup)?.[1] ?? 0);
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim().slice(0, 90);
      rows.push({ pid, rss, pss, command });
    } catch {
      // gone meanwhile
    }
  }
  return rows;
}

async function waitForHealth(baseUrl, child, startedAt) {
  while (child.exitCode === null) {
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return performance.now() - startedAt;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  throw new Error(`npm start exited (${child.exitCode}) before it was ready`);
}

async function trpcQuery(baseUrl, procedure, input) {
  const search = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await fetch(`${baseUrl}/api/trpc/${procedure}${search}`);
  if (!response.ok) throw new Error(`${procedure}: ${response.status} ${await response.text()}`);
  return (await response.json()).result.data;
}

async function trpcMutation(baseUrl, procedure, input) {
  const response = await fetch(`${baseUrl}/api/trpc/${procedure}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify(input),
  });
  if (!response.ok) throw new Error(`${procedure}: ${response.status} ${await response.text()}`);
  return (await response.json()).result.data;
}

/** What a shopper's browser asks for: pages with their assets, the catalog, a checkout and one card payment. */
async function walkThrough(baseUrl) {
  for (const page of ["/", "/products/mate-calabaza", "/cart", "/checkout"]) {
    const html = await (await fetch(`${baseUrl}${page}`)).text();
    for (const [, asset] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g))
      await (await fetch(`${baseUrl}${asset}`)).arrayBuffer();
  }
  const config = await trpcQuery(baseUrl, "system.publicConfig");
  await trpcQuery(baseUrl, "catalog.list", { limit: 12 });
  const product = await trpcQuery(baseUrl, "catalog.get", { slug: "mate-calabaza" });
  await trpcQuery(baseUrl, "checkout.paymentMethods");
  await trpcQuery(baseUrl, "checkout.identificationTypes");
  const identification = { type: "DNI", number: "12345678" };
  const checkout = await trpcMutation(baseUrl, "checkout.create", {
    items: [{ productId: product.id, quantity: 1 }],
    payer: { email: "buyer@testuser.com", firstName: "Ana", lastName: "Pérez", identification },
  });
  // The browser tokenizes the card at the provider with the public key (here: the embedded sandbox).
  const tokenResponse = await fetch(`${config.providerApiUrl}/v1/card_tokens?public_key=${config.publicKey}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      card_number: "4509953566233704",
      expiration_month: 11,
      expiration_year: 2030,
      security_code: "123",
      cardholder: { name: "APRO", identification },
    }),
  });
  const token = await tokenResponse.json();
  const paid = await trpcMutation(baseUrl, "checkout.payWithCard", {
    checkoutId: checkout.checkoutId,
    checkoutToken: checkout.checkoutToken,
    cardToken: token.id,
    paymentMethodId: "visa",
    installments: 1,
  });
  if (paid.status !== "approved") throw new Error(`the payment was not approved: ${JSON.stringify(paid)}`);
  await trpcQuery(baseUrl, "checkout.result", {
    checkoutId: checkout.checkoutId,
    checkoutToken: checkout.checkoutToken,
  });
  await (await fetch(`${baseUrl}/checkout/result?checkout_id=${checkout.checkoutId}`)).text();
}

async function run(label, env) {
  const startedAt = performance.now();
  // Its own process group, as a terminal gives the command it runs.
  const child = spawn("npm", ["start"], { cwd: repoRoot, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  try {
    const readyMs = await waitForHealth(`http://127.0.0.1:${env.PORT}`, child, startedAt);
    await walkThrough(`http://127.0.0.1:${env.PORT}`);
    await sleep(1000); // let the webhook of the payment land and the job run
    const rows = processTree(child.pid);
    const rssKiB = rows.reduce((sum, row) => sum + row.rss, 0);
    const pssKiB = rows.reduce((sum, row) => sum + row.pss, 0);
    console.log(`\n${label}: ready ${(readyMs / 1000).toFixed(2)} s after the command`);
    console.log(
      `  ${rows.length} processes, RSS ${(rssKiB / 1024).toFixed(0)} MiB, PSS ${(pssKiB / 1024).toFixed(0)} MiB`,
    );
    for (const row of rows.sort((a, b) => b.rss - a.rss)) {
      console.log(
        `  ${String(row.pid).padStart(7)} ${String(Math.round(row.rss / 1024)).padStart(4)} MiB rss ${String(Math.round(row.pss / 1024)).padStart(4)} MiB pss  ${row.command}`,
      );
    }
  } catch (error) {
    console.error(output);
    throw error;
  } finally {
    const stopAt = performance.now();
    try {
      process.kill(-child.pid, "SIGINT"); // Ctrl-C: the terminal signals the whole foreground group
    } catch {
      // already gone
    }
    const code = await exited;
    console.log(`  stopped in ${((performance.now() - stopAt) / 1000).toFixed(2)} s, exit ${code}`);
  }
  return output;
}

const dataDir = mkdtempSync(path.join(tmpdir(), "cobro-measure-"));
chmodSync(dataDir, 0o755); // PostgreSQL runs as the postgres user when we are root
const env = {
  ...process.env,
  PORT: String(await freePort()),
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
};
try {
  await run("first start (fresh data directory)", env);
  await run("restart (same data directory)", env);
} finally {
  if (keep) console.log(`\ndata directory kept: ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}
