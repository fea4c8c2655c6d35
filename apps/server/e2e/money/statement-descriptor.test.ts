// The store's statement descriptor (console Settings) on the money path, through the server process as `npm start`
// runs it against the sandbox over HTTP: an admin changes it, and the next card payment reaches the provider with
// it, once, with the checkout's idempotency key; no restart in between (the server reads the setting per payment).
import { describe, expect, it } from "vitest";
import { createCardToken } from "../support/card-token";
import { useAdminLiveServerRun } from "../support/live-server-run";
import { withServerDatabase } from "../support/server-database";
import { callProcedure, pollUntil } from "../support/trpc-http";

const live = useAdminLiveServerRun({ name: "statement-descriptor" });

async function guestCardPayment(): Promise<{ checkoutId: string; paymentId: number }> {
  const guest = null;
  const url = live.server.url;
  const catalog = await callProcedure<{ items: { id: string }[] }>(url, guest, "catalog.list", { limit: 1 }, "query");
  const created = await callProcedure<{ checkoutId: string; checkoutToken: string }>(url, guest, "checkout.create", {
    items: [{ productId: catalog.data?.items[0]?.id ?? "", quantity: 1 }],
    payer: {
      email: "buyer@testuser.com",
      firstName: "Ana",
      lastName: "Pérez",
      identification: { type: "DNI", number: "12345678" },
    },
  });
  if (!created.data) throw new Error(`checkout.create → ${created.status}`);
  const cardToken = await createCardToken({
    providerUrl: live.sandbox.url,
    publicKey: live.sandbox.control.defaultSeller.publicKey,
    cardholder: "APRO",
  });
  const paid = await callProcedure<{ status: string; paymentId: number }>(url, guest, "checkout.payWithCard", {
    checkoutId: created.data.checkoutId,
    checkoutToken: created.data.checkoutToken,
    cardToken,
    paymentMethodId: "visa",
    installments: 1,
  });
  if (!paid.data?.paymentId) throw new Error(`checkout.payWithCard → ${paid.status} ${JSON.stringify(paid.error)}`);
  expect(paid.data.status).toBe("approved");
  return { checkoutId: created.data.checkoutId, paymentId: paid.data.paymentId };
}

async function providerPaymentsOf(checkoutId: string) {
  const response = await fetch(`${live.sandbox.url}/v1/payments/search?external_reference=${checkoutId}`, {
    headers: { authorization: `Bearer ${live.sandbox.control.defaultSeller.accessToken}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: { id: number; statement_descriptor: string | null }[] }).results;
}

describe("statement descriptor on the money path (server process)", () => {
  it("a descriptor saved in the console reaches the provider on the next card payment, once", async () => {
    const before = await guestCardPayment();
    expect((await providerPaymentsOf(before.checkoutId)).map((p) => p.statement_descriptor)).toEqual(["COBRO"]);

    // A too-long descriptor is a 400 naming the field, and changes nothing.
    const refused = await callProcedure(live.server.url, live.admin, "admin.settings.update", {
      statementDescriptor: "YERBA NORTE MATE Y BOMBILLAS",
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.error)).toContain("statementDescriptor");

    const saved = await callProcedure(live.server.url, live.admin, "admin.settings.update", {
      statementDescriptor: "NORTE*MATE",
    });
    expect(saved.status).toBe(200);

    const after = await guestCardPayment();
    const payments = await providerPaymentsOf(after.checkoutId);
    expect(payments).toEqual([expect.objectContaining({ id: after.paymentId, statement_descriptor: "NORTE*MATE" })]);
    // The provider call carried the checkout's stored key (money moves once; the call log is written after the
    // answer, fire-and-forget, hence the wait), and the change was audited with before and after.
    await withServerDatabase(live.server.databaseUrl(), async (client) => {
      const readCalls = async () =>
        (
          await client.query(
            `select pc.idempotency_key from provider_calls pc join checkouts c on c.id = $1
              where pc.method = 'POST' and pc.path = '/v1/payments' and pc.idempotency_key = c.idempotency_key`,
            [after.checkoutId],
          )
        ).rows;
      expect(await pollUntil(readCalls, (rows) => rows.length > 0)).toHaveLength(1);
      const audit = await client.query(
        `select details from audit_log where action = 'store_setting.changed' and resource_id = 'statement_descriptor'`,
      );
      expect(audit.rows).toEqual([{ details: { from: "COBRO", to: "NORTE*MATE" } }]);
    });
  });
});
