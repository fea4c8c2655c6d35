// admin.search over real HTTP (Hono + tRPC): bad input is a 400 naming `q` (or `account`), never a 500, and a
// query gets its groups back.
import { randomUUID } from "node:crypto";
import { trpcServer } from "@hono/trpc-server";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { startShopTestEnv } from "../../test/shop-test-env";
import { signInAs } from "../../test/test-users";
import { appRouter } from "../router";
import { createTrpcContext } from "../trpc";

const env = await startShopTestEnv();
afterAll(() => env.close());
const app = new Hono().use("/trpc/*", trpcServer({ router: appRouter, createContext: createTrpcContext(env.deps) }));
const { cookie } = await signInAs({ db: env.db, role: "viewer" });

async function get(input: unknown) {
  const response = await app.request(`/trpc/admin.search?input=${encodeURIComponent(JSON.stringify(input))}`, {
    headers: { cookie },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function fieldErrorsOf(body: Record<string, unknown>): Record<string, string[]> {
  return (body as { error: { data: { fieldErrors: Record<string, string[]> } } }).error.data.fieldErrors;
}

describe("admin.search over HTTP", () => {
  it("answers empty, blank, too long, control-character and unknown-field input with 400 naming the field", async () => {
    for (const q of ["", "   ", "x".repeat(201)]) {
      const { status, body } = await get({ q });
      expect(status, JSON.stringify(q)).toBe(400);
      expect(Object.keys(fieldErrorsOf(body))).toEqual(["q"]);
    }
    for (const q of ["a\u0000b", "line\nbreak", "\u007f"]) {
      const { status, body } = await get({ q });
      expect(status, JSON.stringify(q)).toBe(400);
      expect(JSON.stringify(body)).toContain("Control characters are not allowed");
    }
    expect((await get({ q: 42 })).status).toBe(400);
    expect((await get({ q: "x", account: "nope" })).status).toBe(400);
    expect((await get({ q: "x", extra: 1 })).status).toBe(400);
  });

  it("answers an unknown connected account with 404, and a search with its groups", async () => {
    expect((await get({ q: "x", account: randomUUID() })).status).toBe(404);
    const { status, body } = await get({ q: "  %_ 100% off  " });
    expect(status).toBe(200);
    const data = (body as { result: { data: { query: string; queryKind: string; groups: { kind: string }[] } } }).result
      .data;
    expect(data.query).toBe("%_ 100% off");
    expect(data.queryKind).toBe("text");
    expect(data.groups.map((group) => group.kind)).toEqual([
      "payments",
      "shopOrders",
      "orders",
      "links",
      "subscriptions",
    ]);
  });
});
