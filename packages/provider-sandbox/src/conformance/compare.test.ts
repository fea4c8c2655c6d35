// The drift check against a second sandbox whose behaviour was changed on
// purpose (a fault injected, a field dropped): the printed report must name
// the difference. Unchanged, two sandboxes must agree on every scenario.

import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import type { RegisterRoutes } from "../context";
import { createSandbox, type Sandbox } from "../create-sandbox";
import { RESOURCE_ROUTES } from "../resources";
import { diffStep } from "./compare";
import { type CommandIo, runCompareCommand } from "./compare-command";
import type { StepOutcome } from "./runner";

const started: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});

async function startOther(options: Parameters<typeof createSandbox>[0] = {}): Promise<Sandbox> {
  const sandbox = await createSandbox({ port: 0, tickIntervalMs: 0, ...options });
  started.push(sandbox);
  return sandbox;
}

function captureIo(): CommandIo & { out: string[] } {
  const out: string[] = [];
  return { out, log: (text) => out.push(text), error: (text) => out.push(text) };
}

function argsFor(other: Sandbox, ...extra: string[]): string[] {
  return ["--against", other.url, "--token", other.control.defaultSeller.accessToken, ...extra];
}

/** A test hook: the other sandbox answers `/users/me` without `nickname`. */
const dropNickname: RegisterRoutes = (app) => {
  app.use("/users/me", async (c, next) => {
    await next();
    const body = (await c.res.json()) as Record<string, unknown>;
    delete body.nickname;
    c.res = new Response(JSON.stringify(body), { status: c.res.status, headers: c.res.headers });
  });
};

describe("mercadopago-sandbox compare", () => {
  it("names a status difference injected as a fault", async () => {
    const other = await startOther();
    other.control.addFault({
      method: "GET",
      path: "/v1/payment_methods",
      count: 100,
      action: { type: "status", status: 503 },
    });
    const io = captureIo();
    const code = await runCompareCommand(argsFor(other, "--only", "catalog.payment-methods"), io);
    const report = io.out.join("\n");
    expect(report).toContain(
      "catalog.payment-methods step 0 GET /v1/payment_methods: status 200 (sandbox) ≠ 503 (against)",
    );
    expect(report).toContain("1 scenarios compared, 1 difference, 0 skipped");
    expect(code).toBe(1);
  });

  it("names a field the other side dropped", async () => {
    const other = await startOther({ routes: [dropNickname, ...RESOURCE_ROUTES] });
    const io = captureIo();
    const code = await runCompareCommand(argsFor(other, "--only", "account.users-me"), io);
    const report = io.out.join("\n");
    expect(report).toContain(
      "account.users-me step 0 GET /users/me: field nickname: string (sandbox), missing from the against target",
    );
    expect(report).not.toContain("field email");
    expect(code).toBe(1);
  });

  it("finds no difference between two unchanged sandboxes, one token for every scenario", async () => {
    const other = await startOther();
    const io = captureIo();
    const code = await runCompareCommand(argsFor(other, "--against-control", other.url), io);
    const report = io.out.join("\n");
    expect(report).toMatch(/^\d+ scenarios compared, 0 differences, 0 skipped$/m);
    expect(code).toBe(0);
  });

  it("skips the scenarios that need the control API when the other side has none", async () => {
    const other = await startOther();
    const io = captureIo();
    const code = await runCompareCommand(argsFor(other, "--only", "payments.settle-pending,payments.get-missing"), io);
    expect(io.out.join("\n")).toContain("skipped (they need the sandbox's control API): payments.settle-pending");
    expect(io.out.join("\n")).toContain("1 scenarios compared, 0 differences, 1 skipped");
    expect(code).toBe(0);
  });

  it("says so when the against target does not answer", async () => {
    const io = captureIo();
    const args = ["--against", "http://127.0.0.1:1", "--token", "APP_USR-x", "--only", "account.users-me"];
    const code = await runCompareCommand(args, io);
    expect(io.out.join("\n")).toMatch(
      /account\.users-me step 0 GET \/users\/me: no answer from the against target \(.+\)/,
    );
    expect(code).toBe(1);
  });

  it("refuses a command line without a token (exit 2, usage)", async () => {
    const io = captureIo();
    expect(await runCompareCommand(["--against", "http://127.0.0.1:1"], io)).toBe(2);
    expect(io.out.join("\n")).toContain("--token is required");
  });

  it("runs as a subcommand of the sandbox's CLI", async () => {
    const other = await startOther();
    other.control.addFault({
      method: "GET",
      path: "/v1/identification_types",
      count: 100,
      action: { type: "status", status: 500 },
    });
    const cli = fileURLToPath(new URL("../cli.ts", import.meta.url));
    const run = promisify(execFile)(
      "npx",
      [
        "tsx",
        "--conditions=@cobro/source",
        cli,
        "compare",
        ...argsFor(other, "--only", "catalog.identification-types"),
      ],
      {
        timeout: 20_000,
      },
    );
    const failure = await run.then(
      () => null,
      (error: { code?: number; stdout?: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toContain(
      "catalog.identification-types step 0 GET /v1/identification_types: status 200 (sandbox) ≠ 500 (against)",
    );
  });
});

describe("diffStep", () => {
  const step = (status: number, body: unknown): StepOutcome => ({
    index: 0,
    kind: "api",
    method: "GET",
    pathTemplate: "/x",
    path: "/x",
    status,
    body,
    headers: {},
    failures: [],
  });

  it("reports a field whose type differs, but not null against a value", () => {
    const diffs = diffStep("s", step(200, { a: 1, b: null, c: "x" }), step(200, { a: "1", b: "now", c: "y" }));
    expect(diffs.map((d) => d.detail)).toEqual(["field a: number (sandbox) ≠ string (against)"]);
  });

  it("does not report the fields of items one side had none of", () => {
    const diffs = diffStep("s", step(200, { refunds: [] }), step(200, { refunds: [{ id: 1 }] }));
    expect(diffs).toEqual([]);
  });
});
