// Following a terminal's charge live over server-sent events, with two server instances on one PostgreSQL:
// the sandbox's `point_integration_wh` notifications reach instance A (which processes them), and a viewer's
// stream on instance B — whose provider is unreachable, so it can only learn through the database — sees the
// charge reach FINISHED and ends. Also: the stream finds a change with no notification at all (the gentle
// provider re-read), and refuses a signed-out client, a shopper and an unknown charge.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { createDatabase } from "../../db/database";
import { processWebhookEvent } from "../../jobs/process-webhook-event";
import { startShopTestEnv } from "../../test/shop-test-env";
import { createTestDeps } from "../../test/test-deps";
import { createTestUser, signInAs } from "../../test/test-users";
import { followPointIntent } from "./follow-point-intent";
import { createPointIntent, pointIntentRows } from "./point-intents";

const env = await startShopTestEnv({ applicationWebhooks: true });
const { db, deps } = env;
// Instance B: its own pool on the same database, and a provider it cannot reach.
const dbB = createDatabase(env.testDb.connectionString, { maxConnections: 2 });
const depsB = createTestDeps({ db: dbB });
afterAll(async () => {
  await dbB.destroy();
  await env.close();
});
const appA = createApp(deps);
const appB = createApp(depsB);
const operator = await createTestUser({ db, role: "operator" });
const { devices } = await env.provider.point.devices();
const pdv = (devices ?? []).filter((device) => device.operating_mode === "PDV").map((device) => device.id);

function charge(deviceId: string) {
  return createPointIntent({
    deps,
    actorUserId: operator.id,
    input: {
      idempotencyKey: randomUUID(),
      deviceId,
      amountMinor: 2_500,
      description: "Counter",
      installments: 1,
      installmentsCost: "seller",
      printOnTerminal: false,
    },
  });
}

async function tap(deviceId: string): Promise<void> {
  const response = await fetch(`${env.sandbox.url}/__sandbox/point/devices/${deviceId}/tap`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  expect(response.ok).toBe(true);
}

/** Opens the tRPC subscription over SSE on an app, as the browser's EventSource does. */
async function openStream(app: ReturnType<typeof createApp>, id: string, cookie: string | null): Promise<Response> {
  const input = encodeURIComponent(JSON.stringify({ id }));
  return await app.fetch(
    new Request(`http://127.0.0.1:3000/api/trpc/admin.terminals.intentUpdates?input=${input}`, {
      headers: { accept: "text/event-stream", ...(cookie ? { cookie } : {}) },
    }),
  );
}

interface SseEvent {
  /** The SSE event name (tRPC: "connected", "serialized-error", "return"; none for data). */
  event: string | null;
  data: Record<string, unknown>;
}

/** Reads the SSE events to the end of the stream (a final state or an error closes it). */
async function readEvents(response: Response): Promise<{ events: SseEvent[]; raw: string }> {
  const raw = await response.text();
  const events = raw
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => {
      const lines = block.split("\n");
      const event =
        lines
          .find((line) => line.startsWith("event:"))
          ?.slice(6)
          .trim() ?? null;
      const data = lines
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).trim())
        .join("\n");
      return { event, data: data === "" ? {} : (JSON.parse(data) as Record<string, unknown>) };
    });
  return { events, raw };
}

/** The intent views a stream sent (tRPC wraps each yielded value as the event's data). */
function viewsOf(events: SseEvent[]): Array<{ state: string | null; final: boolean; paymentId: number | null }> {
  return events
    .filter((entry) => entry.event === null && "state" in entry.data)
    .map((entry) => entry.data as { state: string | null; final: boolean; paymentId: number | null });
}

/** The refusal a stream sent instead of data: its HTTP-equivalent status. */
async function refusalOf(response: Response): Promise<number | null> {
  expect(response.status).toBe(200);
  const { events } = await readEvents(response);
  expect(viewsOf(events)).toEqual([]);
  const error = events.find((entry) => entry.event === "serialized-error");
  return ((error?.data.data as { httpStatus?: number } | undefined)?.httpStatus ?? null) as number | null;
}

describe("following a terminal's charge over server-sent events", () => {
  it("a notification processed by instance A reaches a viewer's stream on instance B, which ends on FINISHED", async () => {
    env.setWebhookHandler(async (request) => appA.fetch(request));
    try {
      const viewer = await signInAs({ db, role: "viewer" });
      const created = await charge(pdv[0] ?? "");
      const response = await openStream(appB, created.id, viewer.cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/event-stream");

      const reading = readEvents(response);
      await env.sandbox.control.idle();
      deps.enqueuedJobs.length = 0;
      await tap(pdv[0] ?? "");
      await env.sandbox.control.idle();
      const jobs = deps.enqueuedJobs.filter((job) => job.name === "process-webhook-event");
      expect(jobs.length).toBeGreaterThan(0);
      for (const job of jobs) await processWebhookEvent({ deps, eventId: String(job.data.eventId) });

      // The stream ends by itself (the body is read to its end) once the intent is final.
      const { events, raw } = await reading;
      const views = viewsOf(events);
      expect(views[0]?.state).toBe("OPEN");
      expect(views.at(-1)).toMatchObject({ state: "FINISHED", final: true, paymentStatus: "approved" });
      expect(views.at(-1)?.paymentId).toBeGreaterThan(0);
      expect(events.some((entry) => entry.event === "serialized-error")).toBe(false);
      // Nothing secret on the wire: not the stored idempotency key, not the provider's access token.
      const row = await pointIntentRows(db).where("point_intents.id", "=", created.id).executeTakeFirstOrThrow();
      expect(raw).not.toContain(row.idempotency_key);
      expect(raw).not.toContain(env.seller.accessToken);
    } finally {
      env.setWebhookHandler(null);
    }
  });

  it("with no notification at all, the stream's gentle provider re-read finds the FINISHED state", async () => {
    const created = await charge(pdv[1] ?? "");
    const controller = new AbortController();
    const seen: string[] = [];
    const following = (async () => {
      for await (const view of followPointIntent({
        deps,
        id: created.id,
        signal: controller.signal,
        dbEveryMs: 50,
        providerEveryMs: 200,
      })) {
        seen.push(view.state ?? "");
        if (seen.length === 1) await tap(pdv[1] ?? "");
      }
    })();
    const timer = setTimeout(() => controller.abort(), 15_000);
    await following;
    clearTimeout(timer);
    expect(controller.signal.aborted).toBe(false);
    expect(seen[0]).toBe("OPEN");
    expect(seen.at(-1)).toBe("FINISHED");
  });

  it("refuses a signed-out client (401) and a shopper (403); an unknown charge is a 404; no data is sent", async () => {
    const created = await charge(pdv[0] ?? "");
    // tRPC answers an SSE request with 200 and sends the refusal as its only event (the client's onError).
    expect(await refusalOf(await openStream(appB, created.id, null))).toBe(401);
    const shopper = await signInAs({ db, role: "shopper" });
    expect(await refusalOf(await openStream(appB, created.id, shopper.cookie))).toBe(403);
    const viewer = await signInAs({ db, role: "viewer" });
    expect(await refusalOf(await openStream(appB, randomUUID(), viewer.cookie))).toBe(404);
  });
});
