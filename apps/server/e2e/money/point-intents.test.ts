// A charge on a card terminal (Point) through the real server process, started the way `npm start` starts it,
// against a sandbox started separately: the intent's idempotency key is committed before the provider is
// called, the provider receives exactly that key, a repeat of the dialog makes no second intent, and the
// provider's `point_integration_wh` notification alone (no page polling) brings the row to FINISHED with its payment.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useAdminLiveServerRun } from "../support/live-server-run";
import { withServerDatabase } from "../support/server-database";
import { callProcedure, pollUntil } from "../support/trpc-http";

const live = useAdminLiveServerRun({
  name: "point-intents",
  setUp: ({ sandbox, server }) => {
    // provider: Point notifications go to the application's notification URL (set in the dashboard).
    sandbox.context.config.defaultNotificationUrl = `${server.url}/api/webhooks/mercadopago`;
  },
});

function call<T>(procedure: string, input: unknown, kind: "query" | "mutation" = "mutation") {
  return callProcedure<T>(live.server.url, live.admin, procedure, input, kind);
}

async function rowByKey(key: string) {
  return withServerDatabase(live.server.databaseUrl(), async (client) => {
    const { rows } = await client.query(
      "select i.id, q.status as request_status, i.state, i.provider_intent_id, i.provider_payment_id, i.request, q.provider_account_id from point_intents i join provider_requests q on q.id = i.provider_request_id where q.idempotency_key = $1",
      [key],
    );
    return rows as {
      id: string;
      request_status: string;
      state: string | null;
      provider_intent_id: string | null;
      provider_payment_id: string | null;
      request: unknown;
      provider_account_id: string | null;
    }[];
  });
}

describe("[money][console] a charge on a card terminal through the real server process", () => {
  it("stores the key before the held call, the sandbox got that key, a repeat makes one intent, the webhook finishes it", async () => {
    const devices = await call<{ devices: { id: string; operatingMode: string }[] }>(
      "admin.terminals.devices",
      { limit: 50 },
      "query",
    );
    const terminal = devices.data?.devices.find((device) => device.operatingMode === "PDV")?.id ?? "";
    expect(terminal).not.toBe("");
    const idempotencyKey = randomUUID();
    const input = {
      idempotencyKey,
      deviceId: terminal,
      amountMinor: 4_550,
      description: "Counter sale",
      installments: 1,
      installmentsCost: "seller",
      printOnTerminal: false,
      externalReference: "counter-1",
    };

    // The provider is slow: while the call is out, the intent (with its key) must already be committed.
    live.sandbox.control.addFault({
      method: "POST",
      path: `/point/integration-api/devices/${terminal}/payment-intents`,
      action: { type: "latency", ms: 1_500 },
    });
    const creating = call<{ id: string; intentId: string; state: string }>("admin.terminals.createIntent", input);
    const held = await pollUntil(
      () => rowByKey(idempotencyKey),
      (rows) => rows.length > 0,
    );
    expect(held).toHaveLength(1);
    // Stored in the ledger before the call, with the account every repeat goes to (the store's own).
    expect(held[0]).toMatchObject({ request_status: "pending", provider_intent_id: null, provider_account_id: null });
    const first = await creating;
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ state: "OPEN", requestStatus: "succeeded" });
    const intentId = first.data?.intentId ?? "";

    // The sandbox holds our key: the same key and body replay that intent instead of queuing another.
    const replay = await fetch(`${live.sandbox.url}/point/integration-api/devices/${terminal}/payment-intents`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${live.sandbox.control.defaultSeller.accessToken}`,
        "content-type": "application/json",
        "x-idempotency-key": idempotencyKey,
      },
      body: JSON.stringify(held[0]?.request),
    });
    expect(replay.status).toBe(201);
    expect(((await replay.json()) as { id: string }).id).toBe(intentId);

    // The dialog submitted again: the same single intent.
    const again = await call<{ id: string; intentId: string }>("admin.terminals.createIntent", input);
    expect(again.data).toMatchObject({ id: first.data?.id, intentId });
    expect(await rowByKey(idempotencyKey)).toHaveLength(1);

    // The customer taps the card; only the notification updates the row (nobody reads the intent).
    const tap = await fetch(`${live.sandbox.url}/__sandbox/point/devices/${terminal}/tap`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(tap.status).toBe(200);
    const finished = await pollUntil(
      () => rowByKey(idempotencyKey),
      (rows) => rows[0]?.state === "FINISHED" && rows[0]?.provider_payment_id !== null,
      20_000,
    );
    expect(finished[0]).toMatchObject({ state: "FINISHED", request_status: "succeeded" });
    const paymentId = Number(finished[0]?.provider_payment_id);
    const mirrored = await pollUntil(
      () =>
        withServerDatabase(live.server.databaseUrl(), async (client) => {
          const { rows } = await client.query(
            "select status, amount_minor from payments where provider_payment_id = $1",
            [paymentId],
          );
          return rows[0] as { status: string; amount_minor: string } | undefined;
        }),
      (row) => row !== undefined,
    );
    expect(mirrored).toEqual({ status: "approved", amount_minor: "4550" });
  });
});
