import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { REPLAYED_HEADER } from "./core/idempotency";
import { createSandbox } from "./create-sandbox";
import { bearer, startFixtureSandbox, TOKEN_A } from "./test-support/fixture-sandbox";
import type { TestSandbox } from "./testing";

const open: { close(): Promise<void> }[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const sandbox of open.splice(0)) await sandbox.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startFixtureSandbox>[0] = {}): Promise<TestSandbox> {
  const sandbox = await startFixtureSandbox(options);
  open.push(sandbox);
  return sandbox;
}

const widget = { transaction_amount: 12, payer: { email: "b@testuser.com" } };

describe("createSandbox", () => {
  it("listens on a random port and fills config.publicUrl", async () => {
    const sandbox = await start();
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.context.config.publicUrl).toBe(sandbox.url);
  });

  it("rejects when the port is taken", async () => {
    const first = await start();
    const port = Number(new URL(first.url).port);
    await expect(startFixtureSandbox({ port })).rejects.toThrow(/EADDRINUSE/);
  });

  it("keeps state across a restart with dataDir (resources and idempotency records)", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "sandbox-data-"));
    dirs.push(dataDir);
    const first = await startFixtureSandbox({ dataDir });
    const created = await first.fetch(`${first.url}/v1/widgets`, {
      method: "POST",
      headers: bearer(TOKEN_A, { "x-idempotency-key": "persist-1" }),
      body: JSON.stringify(widget),
    });
    const saved = await created.json();
    await first.close();

    const second = await start({ dataDir });
    const got = await second.fetch(`${second.url}/v1/widgets/${saved.id}`, { headers: bearer(TOKEN_A) });
    expect(got.status).toBe(200);
    expect(await got.json()).toEqual(saved);
    const replay = await second.fetch(`${second.url}/v1/widgets`, {
      method: "POST",
      headers: bearer(TOKEN_A, { "x-idempotency-key": "persist-1" }),
      body: JSON.stringify(widget),
    });
    expect(replay.headers.get(REPLAYED_HEADER)).toBe("true");
    const next = await second.fetch(`${second.url}/v1/widgets`, {
      method: "POST",
      headers: bearer(TOKEN_A),
      body: JSON.stringify(widget),
    });
    expect((await next.json()).id).toBe(saved.id + 1);
  });

  it("keeps nothing without dataDir", async () => {
    const first = await startFixtureSandbox();
    await first.fetch(`${first.url}/v1/widgets`, {
      method: "POST",
      headers: bearer(TOKEN_A),
      body: JSON.stringify(widget),
    });
    await first.close();
    const second = await start();
    const search = await second.fetch(`${second.url}/v1/widgets/search`, { headers: bearer(TOKEN_A) });
    expect((await search.json()).results).toEqual([]);
  });

  it("reset forgets data through the control API", async () => {
    const sandbox = await start();
    await sandbox.fetch(`${sandbox.url}/v1/widgets`, {
      method: "POST",
      headers: bearer(TOKEN_A),
      body: JSON.stringify(widget),
    });
    const reset = await fetch(`${sandbox.url}/__sandbox/reset`, { method: "POST" });
    expect(reset.status).toBe(200);
    const search = await sandbox.fetch(`${sandbox.url}/v1/widgets/search`, { headers: bearer(TOKEN_A) });
    expect((await search.json()).results).toEqual([]);
  });

  it("serves the real resource routes by default (no fixture routes)", async () => {
    const sandbox = await createSandbox({ spec: null });
    open.push(sandbox);
    const res = await fetch(`${sandbox.url}/__sandbox`);
    expect(res.status).toBe(200);
    expect((await res.json()).default_seller.user_id).toBe(1000001);
  });

  it("close() is idempotent and stops answering", async () => {
    const sandbox = await startFixtureSandbox();
    await Promise.all([sandbox.close(), sandbox.close()]);
    await expect(fetch(`${sandbox.url}/__sandbox/clock`)).rejects.toThrow(TypeError);
  });
});
