// [lifecycle][live] With real credentials the server never loads the embedded
// sandbox: it starts, and answers, even when the sandbox's dependencies cannot
// be loaded (the sandbox is a development dependency of the server).
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../support/server-process";

const blockSandbox = fileURLToPath(new URL("./block-sandbox-dependencies.mjs", import.meta.url));
const servers: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.dispose()));
});

describe("[lifecycle][live] live mode without the sandbox", () => {
  it("starts and answers /api/health with the sandbox's dependencies unloadable", async () => {
    const server = await startServerProcess(
      {
        MP_ACCESS_TOKEN: "APP_USR-1234567890123456-000000-00000000000000000000000000000000-1000001",
        MP_PUBLIC_KEY: "APP_USR-00000000-0000-0000-0000-000000000001",
        MP_WEBHOOK_SECRET: "live-mode-test-secret",
        // Nothing listens there: the provider is unreachable, which health reports without failing.
        MP_API_URL: "http://127.0.0.1:9",
        TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      },
      { nodeArgs: ["--import", blockSandbox] },
    );
    servers.push(server);
    expect(server.messages()).toContain("Provider: Mercado Pago (live) at http://127.0.0.1:9");
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ database: { reachable: true }, provider: { mode: "live" } });
  }, 60_000);

  it("the same block stops a sandbox-mode start (so the test above could fail)", async () => {
    await expect(startServerProcess({}, { nodeArgs: ["--import", blockSandbox] })).rejects.toThrow(
      /blocked by the test/,
    );
  }, 60_000);
});
