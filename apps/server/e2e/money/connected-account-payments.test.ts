// Charging on a connected seller's account through the real server process, started the way `npm start` starts it,
// against a sandbox started separately (which, like the provider, shows a payment only to its seller): an admin
// connects a seller over HTTP through the sandbox's OAuth page, switches the charging account, a shopper pays a
// checkout; the sandbox holds the payment under the seller with the key Cobro stored; the setting goes back to the
// store's own account and the refund still goes to the seller, once.
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { SANDBOX_OAUTH_CLIENT_ID, SANDBOX_OAUTH_CLIENT_SECRET } from "../../src/env";
import { createCardToken } from "../support/card-token";
import { atSandbox, connectSellerOverHttp } from "../support/connect-seller";
import { useAdminLiveServerRun } from "../support/live-server-run";
import { withServerDatabase } from "../support/server-database";
import { callProcedure, type HttpSession } from "../support/trpc-http";

const live = useAdminLiveServerRun({
  name: "connected-account",
  // Live mode against the sandbox: Cobro's OAuth application is the sandbox's built-in one.
  env: { MP_CLIENT_ID: SANDBOX_OAUTH_CLIENT_ID, MP_CLIENT_SECRET: SANDBOX_OAUTH_CLIENT_SECRET },
});

function call<T>(
  session: HttpSession | null,
  procedure: string,
  input?: unknown,
  kind: "query" | "mutation" = "mutation",
) {
  return callProcedure<T>(live.server.url, session, procedure, input, kind);
}

function withDatabase<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  return withServerDatabase(live.server.databaseUrl(), use);
}

/** A call to the sandbox as one seller. */
function atSeller<T>(token: string, path: string, init: RequestInit = {}) {
  return atSandbox<T>(live.sandbox.url, token, path, init);
}

describe("[money][accounts] charging on a connected seller's account, the real server process", () => {
  it("connects a seller over OAuth, charges a checkout on it with the stored key, and refunds it there after switching back", async () => {
    // 1. Connect seller B: Cobro's authorization URL, the seller's consent, Cobro's callback with the admin's session.
    const connected = await connectSellerOverHttp({
      serverUrl: live.server.url,
      sandbox: live.sandbox,
      admin: live.admin,
    });
    const accountId = connected.accountId;
    const sellerB = live.sandbox.control.sellers().find((seller) => seller.userId === connected.providerUserId);
    const tokenB = connected.token;

    // 2. Switch the charging account (an admin, confirmed in the console; audited).
    const switched = await call<{ accountId: string | null }>(live.admin, "admin.account.setChargingAccount", {
      accountId,
    });
    expect(switched.data?.accountId).toBe(accountId);

    // 3. A guest pays a checkout: the payment step gets B's public key, the browser makes B's card token.
    const catalog = await call<{ items: { id: string }[] }>(null, "catalog.list", { limit: 1 }, "query");
    const created = await call<{ checkoutId: string; checkoutToken: string }>(null, "checkout.create", {
      items: [{ productId: catalog.data?.items[0]?.id ?? "", quantity: 1 }],
      payer: {
        email: `buyer-${randomUUID().slice(0, 8)}@testuser.com`,
        firstName: "Ana",
        lastName: "Pérez",
        identification: { type: "DNI", number: "12345678" },
      },
    });
    const checkout = { checkoutId: created.data?.checkoutId ?? "", checkoutToken: created.data?.checkoutToken ?? "" };
    const account = await call<{ publicKey: string; savedCards: boolean }>(
      null,
      "checkout.paymentAccount",
      checkout,
      "query",
    );
    expect(account.data).toEqual({ publicKey: sellerB?.publicKey, savedCards: false });
    const paid = await call<{ status: string; paymentId: number }>(null, "checkout.payWithCard", {
      ...checkout,
      cardToken: await createCardToken({
        providerUrl: live.sandbox.url,
        publicKey: account.data?.publicKey ?? "",
        cardholder: "APRO",
      }),
      paymentMethodId: "visa",
      installments: 1,
    });
    expect(paid.data?.status).toBe("approved");
    const paymentId = paid.data?.paymentId ?? 0;

    // 4. The sandbox holds the payment under B, not under the store's own account; B received the stored key.
    const row = await withDatabase(async (client) => {
      const { rows } = await client.query<{ idempotency_key: string; provider_account_id: string }>(
        "select idempotency_key, provider_account_id::text from checkouts where id = $1",
        [checkout.checkoutId],
      );
      return rows[0];
    });
    expect(row?.provider_account_id).toBe(accountId);
    const atB = await atSeller<{ external_reference: string }>(tokenB, `/v1/payments/${paymentId}`);
    expect(atB).toMatchObject({ status: 200, body: { external_reference: checkout.checkoutId } });
    const atOwn = await atSeller(live.sandbox.control.defaultSeller.accessToken, `/v1/payments/${paymentId}`);
    expect(atOwn.status).toBe(404);
    const reuse = await atSeller(tokenB, "/v1/payments", {
      method: "POST",
      headers: { "x-idempotency-key": row?.idempotency_key ?? "" },
      body: JSON.stringify({
        transaction_amount: 1,
        token: await createCardToken({
          providerUrl: live.sandbox.url,
          publicKey: sellerB?.publicKey ?? "",
          cardholder: "APRO",
        }),
        payment_method_id: "visa",
        installments: 1,
        payer: { email: "someone-else@testuser.com" },
      }),
    });
    expect(reuse.status).toBe(409);
    const mirrored = await withDatabase(async (client) => {
      const { rows } = await client.query<{ provider_account_id: string }>(
        "select provider_account_id::text from payments where provider_payment_id = $1",
        [paymentId],
      );
      return rows[0];
    });
    expect(mirrored?.provider_account_id).toBe(accountId);

    // 5. Back to the store's own account; the refund goes to B, where the payment is, and only once.
    expect((await call(live.admin, "admin.account.setChargingAccount", { accountId: null })).status).toBe(200);
    const idempotencyKey = randomUUID();
    const refund = { providerPaymentId: paymentId, reason: "requested_by_customer", idempotencyKey };
    const refunded = await call<{ outcome: string }>(live.admin, "admin.payments.refund", refund);
    expect(refunded.data).toMatchObject({ outcome: "done" });
    const again = await call<{ outcome: string }>(live.admin, "admin.payments.refund", refund);
    expect(again.data).toMatchObject({ outcome: "done" });
    const refunds = await atSeller<{ id: number }[]>(tokenB, `/v1/payments/${paymentId}/refunds/`);
    expect(refunds.body).toHaveLength(1);
    expect((await atSeller<{ status: string }>(tokenB, `/v1/payments/${paymentId}`)).body.status).toBe("refunded");

    // 6. The payments list filtered by B's account shows it; the store's own list does not.
    const listOf = async (account: string) =>
      (
        await call<{ items: { providerPaymentId: number; accountId: string | null }[] }>(
          live.admin,
          "admin.payments.list",
          { filters: { account }, limit: 100 },
          "query",
        )
      ).data?.items ?? [];
    expect((await listOf(accountId)).map((item) => item.providerPaymentId)).toEqual([paymentId]);
    expect((await listOf("own")).map((item) => item.providerPaymentId)).not.toContain(paymentId);
  });
});
