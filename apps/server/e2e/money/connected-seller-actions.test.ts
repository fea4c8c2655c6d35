// Acting on a connected seller's merchant order and terminal through the real server process, started the way
// `npm start` starts it, against a sandbox that shows a seller's resources only to that seller: the change of a
// seller's merchant order goes out with the seller's credentials under the key Cobro stored with the seller's
// account; its answer lost, the retry of the same key goes to the same account and the provider replays (one
// change); the same key for the store's own account is refused, never sent. A seller's terminal is switched on the
// seller's account, and the store's own terminals are left as they were.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SANDBOX_OAUTH_CLIENT_ID, SANDBOX_OAUTH_CLIENT_SECRET } from "../../src/env";
import { atSandbox, connectSellerOverHttp } from "../support/connect-seller";
import { useAdminLiveServerRun } from "../support/live-server-run";
import { withServerDatabase } from "../support/server-database";
import { callProcedure } from "../support/trpc-http";

const live = useAdminLiveServerRun({
  name: "connected-seller-actions",
  // Live mode against the sandbox: Cobro's OAuth application is the sandbox's built-in one.
  env: { MP_CLIENT_ID: SANDBOX_OAUTH_CLIENT_ID, MP_CLIENT_SECRET: SANDBOX_OAUTH_CLIENT_SECRET },
});

function mutate<T>(procedure: string, input: unknown) {
  return callProcedure<T>(live.server.url, live.admin, procedure, input, "mutation");
}

/** A call to the sandbox as one seller. */
function atSeller<T>(token: string, path: string, init: RequestInit = {}) {
  return atSandbox<T>(live.sandbox.url, token, path, init);
}

type Devices = { devices?: { id: string; operating_mode?: string }[] };

describe("[money][accounts] a connected seller's merchant order and terminal, the real server process", () => {
  it("changes the seller's order with the seller's account stored with the key; a retry goes there; the mode too", async () => {
    const seller = await connectSellerOverHttp({
      serverUrl: live.server.url,
      sandbox: live.sandbox,
      admin: live.admin,
    });
    const ownToken = live.sandbox.control.defaultSeller.accessToken;

    // The seller's own merchant order, made at the provider with the seller's credentials.
    const made = await atSeller<{ id: number }>(seller.token, "/merchant_orders", {
      method: "POST",
      body: JSON.stringify({ items: [{ title: "Poncho", quantity: 1, unit_price: 120, currency_id: "ARS" }] }),
    });
    expect(made.status).toBe(201);
    const merchantOrderId = made.body.id;

    // The first try changes the order but its answer is lost (every attempt of the client's retries).
    live.sandbox.control.addFault({
      method: "PUT",
      path: `/merchant_orders/${merchantOrderId}`,
      count: 3,
      // biome-ignore lint/suspicious/noThenProperty: a string (not a thenable); `then` is the control API's field name
      action: { type: "commit-then-fail", then: "status", status: 503 },
    });
    const input = {
      merchantOrderId,
      idempotencyKey: randomUUID(),
      additionalInfo: "Gift wrap",
      account: seller.accountId,
    };
    const unseen = await mutate<{ outcome: string }>("admin.merchantOrders.update", input);
    live.sandbox.control.clearFaults();
    expect(unseen.data).toEqual({ outcome: "unknown", merchantOrderId });
    const stored = await withServerDatabase(live.server.databaseUrl(), async (client) => {
      const { rows } = await client.query<{ provider_account_id: string; status: string; kind: string }>(
        "select provider_account_id::text, status, kind from provider_requests where idempotency_key = $1",
        [input.idempotencyKey],
      );
      return rows;
    });
    expect(stored).toEqual([
      { provider_account_id: seller.accountId, status: "unknown", kind: "merchant_order.update" },
    ]);

    // "Try again": the same key, to the account of the first try; the provider replays the change.
    const retried = await mutate<{ outcome: string }>("admin.merchantOrders.update", input);
    expect(retried.data).toEqual({ outcome: "done", merchantOrderId });
    const changed = await atSeller<{ additional_info?: string }>(seller.token, `/merchant_orders/${merchantOrderId}`);
    expect(changed).toMatchObject({ status: 200, body: { additional_info: "Gift wrap" } });
    // The store's own credentials never reached it: the sandbox shows the order to its seller only.
    expect((await atSeller(ownToken, `/merchant_orders/${merchantOrderId}`)).status).toBe(404);
    const calls = await withServerDatabase(live.server.databaseUrl(), async (client) => {
      const { rows } = await client.query<{ status: number }>(
        "select status from provider_calls where idempotency_key = $1 order by status",
        [input.idempotencyKey],
      );
      return rows.map((row) => Number(row.status));
    });
    expect(calls).toEqual([200, 503]);

    // The same key for the store's own account is another request: refused naming the key, nothing sent.
    const { account: _seller, ...own } = input;
    const reused = await mutate("admin.merchantOrders.update", own);
    expect(reused.status).toBe(409);
    expect(reused.error?.data).toMatchObject({ field: "idempotencyKey" });

    // A seller's terminal is switched on the seller's account; the store's own terminals stay as they were.
    const ownBefore = (await atSeller<Devices>(ownToken, "/point/integration-api/devices")).body.devices;
    const device = (await atSeller<Devices>(seller.token, "/point/integration-api/devices")).body.devices?.[0];
    if (!device) throw new Error("the seller has no terminal");
    const to = device.operating_mode === "PDV" ? "STANDALONE" : "PDV";
    const switched = await mutate("admin.terminals.setMode", {
      deviceId: device.id,
      operatingMode: to,
      account: seller.accountId,
    });
    expect(switched.data).toEqual({ deviceId: device.id, operatingMode: to, restartRequired: true });
    const sellerAfter = (await atSeller<Devices>(seller.token, "/point/integration-api/devices")).body.devices;
    expect(sellerAfter?.find((candidate) => candidate.id === device.id)?.operating_mode).toBe(to);
    expect((await atSeller<Devices>(ownToken, "/point/integration-api/devices")).body.devices).toEqual(ownBefore);
  });
});
