// The provider-request engine against a real PostgreSQL: the key recorded before any call and checked on reuse,
// the lease that keeps a second caller from calling, the deadline after which only reconciliation settles, the
// answer recorded once with the domain's row, and the one reconcile loop keyed by kind. The provider here is a
// function the test controls (the paths moved onto the engine are tested against the sandbox beside them).
import { randomUUID } from "node:crypto";
import { createProviderError, ProviderConnectionError } from "@cobro/provider-client";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { ProviderRequest } from "../../db/schema";
import { createTestDatabase } from "../../test/test-database";
import { createTestDeps } from "../../test/test-deps";
import type { ProviderRequestKind, ProviderRequestVerdict } from "./provider-request-kind";
import { reconcileProviderRequests } from "./reconcile-provider-requests";
import { type ProviderRequestIntent, recordProviderRequest } from "./record-provider-request";
import { recordOutcome, runProviderRequest } from "./run-provider-request";

const testDb = await createTestDatabase();
afterAll(() => testDb.drop());
const { db } = testDb;
let clock = new Date("2026-03-01T12:00:00.000Z");
const deps = createTestDeps({ db, now: () => clock });

type Answer = { id: number; status: string };

/** What the kind saw: each outcome recorded, in order, as its domain row would. */
const seen: { requestId: string; status: string; by: string }[] = [];
let verdict: ProviderRequestVerdict<Answer> = null;

const TEST_KIND: ProviderRequestKind<Answer> = {
  kind: "test.effect",
  async onOutcome(trx, request, outcome, { by }) {
    // Inside the ledger's transaction: the row it just wrote is visible here.
    const row = await trx
      .selectFrom("provider_requests")
      .select("status")
      .where("id", "=", request.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(outcome.status);
    seen.push({ requestId: request.id, status: outcome.status, by });
  },
  async reconcile() {
    return verdict;
  },
};

function intent(overrides: Partial<ProviderRequestIntent> = {}): ProviderRequestIntent {
  return {
    kind: TEST_KIND.kind,
    idempotencyKey: randomUUID(),
    providerAccountId: null,
    body: { amountMinor: 1_000, note: "a" },
    resource: { type: "payment", id: "123" },
    now: clock,
    ...overrides,
  };
}

function record(value: ProviderRequestIntent, beforeInsert?: () => Promise<void>) {
  return db.transaction().execute((trx) => recordProviderRequest(trx, value, beforeInsert ? { beforeInsert } : {}));
}

function rowOf(id: string) {
  return db.selectFrom("provider_requests").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** Runs a request with a provider call the test scripts; counts the calls and the keys they carried. */
function run(request: ProviderRequest, call: () => Promise<Answer>) {
  const keys: string[] = [];
  const result = runProviderRequest({
    deps,
    kind: TEST_KIND,
    request,
    refusedMessage: "The provider refused it.",
    call: async ({ idempotencyKey }) => {
      keys.push(idempotencyKey);
      return call();
    },
  });
  return { keys, result };
}

const refused = () =>
  createProviderError({
    status: 400,
    method: "POST",
    path: "/v1/test",
    body: { message: "bad amount", error: "bad_request", status: 400, cause: [] },
  });
const unanswered = () => new ProviderConnectionError({ method: "POST", path: "/v1/test", cause: new Error("reset") });

beforeEach(async () => {
  // Each test starts with an empty ledger: the reconcile loop reads every open request of its kinds.
  await db.deleteFrom("provider_requests").execute();
  seen.length = 0;
  verdict = null;
  clock = new Date(clock.getTime() + 60 * 60 * 1000);
});

describe("recordProviderRequest", () => {
  it("records a new intent as pending, with its fingerprint and a deadline; a repeat finds the same row", async () => {
    const value = intent();
    let checks = 0;
    const first = await record(value, async () => {
      checks += 1;
    });
    expect(first.isNew).toBe(true);
    expect(first.request).toMatchObject({
      kind: "test.effect",
      idempotency_key: value.idempotencyKey,
      status: "pending",
      attempts: 0,
      resource_type: "payment",
      resource_id: "123",
      fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(first.request.deadline_at?.getTime()).toBeGreaterThan(clock.getTime());
    // The same body with its keys in another order is the same request; the domain's checks do not run again.
    const again = await record({ ...value, body: { note: "a", amountMinor: 1_000 } }, async () => {
      checks += 1;
    });
    expect(again).toMatchObject({ isNew: false, request: { id: first.request.id } });
    expect(checks).toBe(1);
  });

  it("a reused key with another body, kind or resource is a 409 naming the key, and nothing is recorded", async () => {
    const value = intent();
    await record(value);
    for (const other of [
      { ...value, body: { amountMinor: 999, note: "a" } },
      { ...value, kind: "test.other" },
      { ...value, resource: { type: "payment", id: "124" } },
    ]) {
      await expect(record(other)).rejects.toMatchObject({
        code: "CONFLICT",
        reason: "idempotency_key_reused",
        field: "idempotencyKey",
        message: expect.stringContaining(value.idempotencyKey),
      });
    }
    const rows = await db
      .selectFrom("provider_requests")
      .select("id")
      .where("idempotency_key", "=", value.idempotencyKey)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("a refusal of the domain's checks records nothing", async () => {
    const value = intent();
    await expect(
      record(value, async () => {
        throw new Error("nothing left to refund");
      }),
    ).rejects.toThrow("nothing left");
    expect(
      await db
        .selectFrom("provider_requests")
        .select("id")
        .where("idempotency_key", "=", value.idempotencyKey)
        .execute(),
    ).toHaveLength(0);
  });

  it("two requests with one key at the same moment record one row", async () => {
    const value = intent();
    const results = await Promise.all([record(value), record(value), record(value)]);
    expect(new Set(results.map((result) => result.request.id)).size).toBe(1);
    expect(results.filter((result) => result.isNew)).toHaveLength(1);
  });
});

describe("runProviderRequest", () => {
  it("calls once with the stored key and records the answer; a repeat answers from the ledger without a call", async () => {
    const { request } = await record(intent());
    const first = run(request, async () => ({ id: 7, status: "approved" }));
    expect((await first.result).outcome).toEqual({ status: "succeeded", answer: { id: 7, status: "approved" } });
    expect(first.keys).toEqual([request.idempotency_key]);
    expect(await rowOf(request.id)).toMatchObject({
      status: "succeeded",
      attempts: 1,
      lease_until: null,
      answer: { id: 7, status: "approved" },
      error: null,
      completed_at: expect.any(Date),
    });
    expect(seen).toEqual([{ requestId: request.id, status: "succeeded", by: "call" }]);

    const repeat = run(await rowOf(request.id), async () => ({ id: 8, status: "approved" }));
    expect((await repeat.result).outcome).toEqual({ status: "succeeded", answer: { id: 7, status: "approved" } });
    expect(repeat.keys).toEqual([]);
    expect(seen).toHaveLength(1);
  });

  it("a refusal without effect is `failed`, with the provider's status and code but not its body", async () => {
    const { request } = await record(intent());
    const { result } = run(request, async () => {
      throw refused();
    });
    const { outcome, cause } = await result;
    expect(outcome).toEqual({
      status: "failed",
      error: { type: "refused", httpStatus: 400, code: "bad_request", message: "The provider refused it." },
    });
    expect(cause).toBeInstanceOf(Error);
    const row = await rowOf(request.id);
    expect(row).toMatchObject({ status: "failed", completed_at: expect.any(Date) });
    expect(JSON.stringify(row.error)).not.toContain("bad amount");
  });

  it("an unseen answer is `unknown`; the next try calls again with the same key and records the answer", async () => {
    const { request } = await record(intent());
    const first = run(request, async () => {
      throw unanswered();
    });
    expect((await first.result).outcome).toMatchObject({
      status: "unknown",
      inFlight: false,
      error: { type: "unanswered", httpStatus: null },
    });
    expect(await rowOf(request.id)).toMatchObject({ status: "unknown", lease_until: null, completed_at: null });

    const second = run(await rowOf(request.id), async () => ({ id: 9, status: "approved" }));
    expect((await second.result).outcome).toMatchObject({ status: "succeeded" });
    expect([...first.keys, ...second.keys]).toEqual([request.idempotency_key, request.idempotency_key]);
    expect(await rowOf(request.id)).toMatchObject({ status: "succeeded", attempts: 2, error: null });
    expect(seen.map((entry) => entry.status)).toEqual(["unknown", "succeeded"]);
  });

  it("while one call holds the lease, a second caller does not call: it hears the request is in flight", async () => {
    const { request } = await record(intent());
    let answer: (value: Answer) => void = () => {};
    const first = run(request, () => new Promise<Answer>((resolve) => (answer = resolve)));
    await expect.poll(async () => (await rowOf(request.id)).lease_until).not.toBeNull();
    const second = run(request, async () => ({ id: 2, status: "approved" }));
    expect((await second.result).outcome).toEqual({ status: "unknown", error: null, inFlight: true });
    expect(second.keys).toEqual([]);
    answer({ id: 1, status: "approved" });
    expect((await first.result).outcome).toMatchObject({ status: "succeeded", answer: { id: 1 } });
  });

  it("a second caller told to wait for the call in flight hears its answer, and does not call", async () => {
    const { request } = await record(intent());
    let answer: (value: Answer) => void = () => {};
    const first = run(request, () => new Promise<Answer>((resolve) => (answer = resolve)));
    await expect.poll(async () => (await rowOf(request.id)).lease_until).not.toBeNull();
    const keys: string[] = [];
    const second = runProviderRequest({
      deps,
      kind: TEST_KIND,
      request,
      refusedMessage: "The provider refused it.",
      waitInFlightMs: 5_000,
      call: async ({ idempotencyKey }) => {
        keys.push(idempotencyKey);
        return { id: 2, status: "approved" };
      },
    });
    answer({ id: 1, status: "approved" });
    expect((await second).outcome).toEqual({ status: "succeeded", answer: { id: 1, status: "approved" } });
    expect((await first.result).outcome).toMatchObject({ status: "succeeded", answer: { id: 1 } });
    expect(keys).toEqual([]);
  });

  it("a kind's own refusal rule and words: what it calls a refusal is `failed` with the words made from it", async () => {
    const conflict = () =>
      createProviderError({
        status: 409,
        method: "POST",
        path: "/v1/test",
        body: { errors: [{ code: "cannot_capture", message: "no" }] },
      });
    const runWith = (request: ProviderRequest) =>
      runProviderRequest({
        deps,
        kind: TEST_KIND,
        request,
        isRefused: (error) => (error as { status?: number }).status === 409,
        refusedMessage: (error) => `refused with ${(error as { status?: number }).status}`,
        call: async () => {
          throw conflict();
        },
      });
    const { request } = await record(intent());
    expect((await runWith(request)).outcome).toMatchObject({
      status: "failed",
      error: { type: "refused", httpStatus: 409, message: "refused with 409" },
    });
    // The default rule keeps a 409 unknown (the effect may exist): the kind's rule decided.
    const other = await record(intent());
    const byDefault = run(other.request, async () => {
      throw conflict();
    });
    expect((await byDefault.result).outcome).toMatchObject({ status: "unknown" });
  });

  it("a refused request answers from the ledger, unless its caller may try again under the same key", async () => {
    const { request } = await record(intent({ deadline: null }));
    const first = run(request, async () => {
      throw refused();
    });
    expect(await first.result).toMatchObject({ outcome: { status: "failed" }, called: true });
    const stored = run(await rowOf(request.id), async () => ({ id: 4, status: "approved" }));
    expect(await stored.result).toMatchObject({ outcome: { status: "failed" }, called: false });
    expect(stored.keys).toEqual([]);

    const claims: number[] = [];
    const again = await runProviderRequest({
      deps,
      kind: TEST_KIND,
      request: await rowOf(request.id),
      refusedMessage: "refused",
      retryRefused: true,
      onClaimed: async (claimed) => {
        claims.push(claimed.attempts);
      },
      call: async ({ idempotencyKey }) => ({ id: idempotencyKey === request.idempotency_key ? 4 : -1, status: "ok" }),
    });
    expect(again).toMatchObject({ outcome: { status: "succeeded", answer: { id: 4 } }, called: true });
    expect(claims).toEqual([2]);
    expect(await rowOf(request.id)).toMatchObject({
      status: "succeeded",
      attempts: 2,
      deadline_at: null,
      attempted_at: clock,
    });
  });

  it("after its deadline a request is not called again: only reconciliation settles it", async () => {
    const { request } = await record(intent({ deadline: new Date(clock.getTime() + 1_000) }));
    clock = new Date(clock.getTime() + 2_000);
    const late = run(request, async () => ({ id: 3, status: "approved" }));
    expect((await late.result).outcome).toMatchObject({ status: "unknown", inFlight: false });
    expect(late.keys).toEqual([]);
    expect(await rowOf(request.id)).toMatchObject({ status: "pending", attempts: 0 });
  });
});

describe("reconcileProviderRequests", () => {
  async function unknownRequest(kind = TEST_KIND.kind) {
    const { request } = await record(intent({ kind }));
    const { outcome } = await runProviderRequest({
      deps,
      kind: { ...TEST_KIND, kind },
      request,
      refusedMessage: "refused",
      call: async () => {
        throw unanswered();
      },
    });
    expect(outcome.status).toBe("unknown");
    seen.length = 0;
    return request;
  }

  it("settles an unknown request by its kind's reconciler, once, and leaves other kinds alone", async () => {
    const request = await unknownRequest();
    const otherKind = await unknownRequest("test.unregistered");
    verdict = null;
    expect(await reconcileProviderRequests({ deps, kinds: [TEST_KIND] })).toMatchObject({ settled: 0, open: 1 });
    verdict = { status: "succeeded", answer: { id: 11, status: "approved" } };
    expect(await reconcileProviderRequests({ deps, kinds: [TEST_KIND] })).toMatchObject({ settled: 1, open: 0 });
    expect(await rowOf(request.id)).toMatchObject({ status: "succeeded", answer: { id: 11 } });
    expect(seen).toEqual([{ requestId: request.id, status: "succeeded", by: "reconcile" }]);
    expect(await reconcileProviderRequests({ deps, kinds: [TEST_KIND] })).toMatchObject({ settled: 0, open: 0 });
    expect((await rowOf(otherKind.id)).status).toBe("unknown");
  });

  it("reads a pending request only once its process must have died (its lease long over), never while it calls", async () => {
    const { request } = await record(intent());
    verdict = {
      status: "failed",
      error: { type: "not_found", httpStatus: null, code: null, message: "The provider shows no such effect." },
    };
    // Just recorded: its caller may be about to claim it.
    await reconcileProviderRequests({ deps, kinds: [TEST_KIND] });
    expect((await rowOf(request.id)).status).toBe("pending");
    // Claimed, a call out under a live lease.
    let answer: (value: Answer) => void = () => {};
    const call = run(request, () => new Promise<Answer>((resolve) => (answer = resolve)));
    await expect.poll(async () => (await rowOf(request.id)).lease_until).not.toBeNull();
    await reconcileProviderRequests({ deps, kinds: [TEST_KIND] });
    expect((await rowOf(request.id)).status).toBe("pending");
    // The process "died": a minute later the lease is long over and the reconciler settles it.
    const callClock = clock;
    clock = new Date(clock.getTime() + 60_000);
    expect(await reconcileProviderRequests({ deps, kinds: [TEST_KIND] })).toMatchObject({ failed: 1 });
    expect(await rowOf(request.id)).toMatchObject({
      status: "failed",
      error: { type: "not_found", message: "The provider shows no such effect." },
    });
    // A late answer does not overwrite the settled request: the first to record wins.
    clock = callClock;
    answer({ id: 5, status: "approved" });
    expect((await call.result).outcome).toMatchObject({ status: "failed" });
    expect(seen.map((entry) => entry.by)).toEqual(["reconcile"]);
  });

  it("records an outcome only while the request is open", async () => {
    const request = await unknownRequest();
    await recordOutcome(
      deps,
      TEST_KIND,
      request,
      { status: "succeeded", answer: { id: 1, status: "approved" } },
      "call",
    );
    const second = await recordOutcome(
      deps,
      TEST_KIND,
      request,
      { status: "failed", error: { type: "refused", httpStatus: 400, code: null, message: null } },
      "reconcile",
    );
    expect(second).toEqual({ status: "succeeded", answer: { id: 1, status: "approved" } });
    expect(seen).toHaveLength(1);
  });
});
