// The console's test controls against a real sandbox over HTTP and a real PostgreSQL, through the tRPC callers:
// a simulated tap pays (or declines) exactly the charge it names at the provider; a test notification reaches
// this store's webhook route signed and lands in the inbox; and in live mode both are refused with a 403
// `sandbox_only` before anything reaches the provider.
import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import type { AppError } from "../../errors/app-error";
import { startShopTestEnv } from "../../test/shop-test-env";
import { createTestCaller, signInAs } from "../../test/test-users";
import { createPointIntent } from "../terminals/point-intents";
import { listTerminalDevices } from "../terminals/terminal-devices";

const env = await startShopTestEnv({ applicationWebhooks: true });
afterAll(() => env.close());
const { db, deps } = env;
const operator = await signInAs({ db, role: "operator" });
const { caller } = await createTestCaller({ deps, cookie: operator.cookie });
const { devices } = await listTerminalDevices({ deps, filters: { offset: 0, limit: 50 } });
const pdv = devices.filter((device) => device.operatingMode === "PDV").map((device) => device.id);

async function queuedCharge(deviceId: string, amountMinor = 2500) {
  return createPointIntent({
    deps,
    actorUserId: operator.user.id,
    input: {
      idempotencyKey: randomUUID(),
      deviceId,
      amountMinor,
      installments: 1,
      installmentsCost: "seller",
      printOnTerminal: false,
    },
  });
}

async function providerPayment(id: number) {
  const response = await fetch(`${env.sandbox.url}/v1/payments/${id}`, {
    headers: { authorization: `Bearer ${env.seller.accessToken}` },
  });
  return (await response.json()) as { status: string; point_of_interaction?: unknown };
}

async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

describe("simulate: tap card on terminal", () => {
  it("approve pays the named charge at the provider; decline leaves a rejected payment; a finished charge is refused", async () => {
    const approved = await queuedCharge(pdv[0] ?? "");
    const view = await caller.admin.terminals.simulateTap({ id: approved.id, outcome: "approve" });
    expect(view.state).toBe("FINISHED");
    expect(view.paymentId).not.toBeNull();
    expect((await providerPayment(Number(view.paymentId))).status).toBe("approved");

    const declined = await queuedCharge(pdv[1] ?? "", 3100);
    const declinedView = await caller.admin.terminals.simulateTap({ id: declined.id, outcome: "decline" });
    expect((await providerPayment(Number(declinedView.paymentId))).status).toBe("rejected");

    const again = await rejection(caller.admin.terminals.simulateTap({ id: approved.id, outcome: "approve" }));
    expect(again.code).toBe("CONFLICT");
    expect((again.cause as AppError).reason).toBe("terminal_intent_not_waiting");
    const audit = await db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "sandbox.terminal_tap_simulated")
      .where("resource_id", "=", approved.id)
      .execute();
    expect(audit).toHaveLength(1);
  });
});

describe("send test notification", () => {
  it("the sandbox posts a signed notification of the topic to this store's webhook route, and the inbox has it", async () => {
    const app = createApp(deps);
    env.setWebhookHandler(async (request) => app.fetch(request));
    try {
      const sent = await caller.admin.webhooks.sendTestNotification({ topic: "merchant_order" });
      expect(sent.dataId).toMatch(/^\d+$/);
      await env.sandbox.control.idle();
      const delivery = env.sandbox.control.deliveries().find((d) => d.dataId === sent.dataId);
      expect(delivery?.url).toContain("/api/webhooks/mercadopago");
      expect(delivery?.attempts.at(-1)?.status).toBe(200);
      const events = await db
        .selectFrom("webhook_events")
        .select(["topic", "signature_valid"])
        .where("data_id", "=", sent.dataId)
        .execute();
      expect(events).toEqual([{ topic: "merchant_order", signature_valid: true }]);
    } finally {
      env.setWebhookHandler(null);
    }
  });

  it("names the field of a bad topic", async () => {
    const error = await rejection(caller.admin.webhooks.sendTestNotification({ topic: "nope" as never }));
    expect(error.code).toBe("BAD_REQUEST");
  });
});

describe("in live mode", () => {
  it("refuses both test controls with a 403 sandbox_only, and nothing reaches the sandbox", async () => {
    const liveDeps = { ...deps, providerSettings: { ...deps.providerSettings, mode: "live" as const } };
    const { caller: live } = await createTestCaller({ deps: liveDeps, cookie: operator.cookie });
    const queued = await queuedCharge(pdv[0] ?? "", 4100);
    const before = env.sandbox.control.deliveries().length;
    for (const attempt of [
      live.admin.terminals.simulateTap({ id: queued.id, outcome: "approve" }),
      live.admin.webhooks.sendTestNotification({ topic: "payment" }),
    ]) {
      const error = await rejection(attempt);
      expect(error.code).toBe("FORBIDDEN");
      expect((error.cause as AppError).reason).toBe("sandbox_only");
    }
    expect(env.sandbox.control.deliveries().length).toBe(before);
    const status = await caller.admin.terminals.intent({ id: queued.id });
    expect(status.state).toBe("OPEN");
  });
});
