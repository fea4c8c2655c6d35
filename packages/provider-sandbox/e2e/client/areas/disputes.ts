// Chargebacks and claims, driven through the provider client: a chargeback opened on a payment (control API)
// is read with its deadline, evidence goes up as multipart `files`, and a claim is found by search and by id.

import { ProviderBadRequestError } from "@cobro/provider-client";
import { describe, expect, it } from "vitest";
import { type ClientSandbox, tokenizeTestCard } from "../harness";

export function describeDisputes(env: () => ClientSandbox): void {
  describe("chargebacks and claims", () => {
    it("reads a chargeback, takes a pdf as evidence and refuses a gif; finds a claim", async () => {
      const { sandbox } = env();
      const { client } = env().newSeller();
      const token = await tokenizeTestCard(client, { cardholder: "APRO" });
      const payment = await client.payments.create({
        transaction_amount: 80,
        token: token.id,
        installments: 1,
        payment_method_id: token.paymentMethodId,
        payer: { email: "buyer@testuser.com" },
      });
      const control = (path: string, body: unknown) =>
        fetch(`${sandbox.url}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }).then((res) => res.json() as Promise<{ id: string | number }>);
      const opened = await control("/__sandbox/chargebacks", { payment_id: payment.id });
      const chargeback = await client.chargebacks.get(String(opened.id));
      expect(chargeback).toMatchObject({ payments: [payment.id], amount: 80, documentation_status: "pending" });
      expect(chargeback.date_documentation_deadline).toEqual(expect.any(String));

      await client.chargebacks.uploadDocumentation(chargeback.id, [
        { name: "receipt.pdf", type: "application/pdf", data: new TextEncoder().encode("%PDF-1.4 receipt") },
      ]);
      expect((await client.chargebacks.get(chargeback.id)).documentation_status).toBe("review_pending");
      await expect(
        client.chargebacks.uploadDocumentation(chargeback.id, [
          { name: "photo.gif", type: "image/gif", data: new Uint8Array([0x47]) },
        ]),
      ).rejects.toBeInstanceOf(ProviderBadRequestError);

      const claim = await control("/__sandbox/claims", { payment_id: payment.id });
      const page = await client.claims.search({ resource: "payment", resource_id: payment.id });
      expect(page.data.map((entry) => entry.id)).toEqual([claim.id]);
      expect(await client.claims.get(Number(claim.id))).toMatchObject({ resource_id: payment.id, status: "opened" });
    });
  });
}
