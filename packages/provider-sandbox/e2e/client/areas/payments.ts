// Payments, refunds, card tokens and the catalogues (payment methods,
// identification types), driven through the provider client.

import { ProviderBadRequestError, ProviderNotFoundError } from "@cobro/provider-client";
import { describe, expect, it } from "vitest";
import { type ClientSandbox, tokenizeTestCard } from "../harness";

export function describePayments(env: () => ClientSandbox): void {
  describe("payments and refunds", () => {
    it("tokenizes a card, pays, reads, searches and refunds in part and then in full", async () => {
      const { client } = env().newSeller();
      const token = await tokenizeTestCard(client, { cardholder: "APRO" });
      const payment = await client.payments.create({
        transaction_amount: 100,
        token: token.id,
        installments: 1,
        payment_method_id: token.paymentMethodId,
        payer: { email: "buyer@testuser.com" },
        external_reference: "e2e-order-1",
        description: "Wool poncho",
      });
      expect(payment).toMatchObject({ status: "approved", status_detail: "accredited", transaction_amount: 100 });

      const fetched = await client.payments.get(payment.id);
      expect(fetched).toMatchObject({ id: payment.id, status: "approved", external_reference: "e2e-order-1" });

      const found = await client.payments.search({ external_reference: "e2e-order-1" });
      expect(found.results.map((p) => p.id)).toEqual([payment.id]);

      const partial = await client.refunds.create(payment.id, { amount: 30 });
      expect(partial).toMatchObject({ payment_id: payment.id, amount: 30, status: "approved" });
      expect((await client.payments.get(payment.id)).status_detail).toBe("partially_refunded");

      const rest = await client.refunds.create(payment.id);
      expect(rest.amount).toBe(70);
      const refunds = await client.refunds.list(payment.id);
      expect(refunds.map((r) => r.id)).toEqual([partial.id, rest.id]);
      expect(await client.refunds.get(payment.id, partial.id)).toMatchObject({ id: partial.id, amount: 30 });
      expect(await client.payments.get(payment.id)).toMatchObject({ status: "refunded", status_detail: "refunded" });

      // Nothing is left to refund: the client surfaces the provider's 400 as a typed error.
      await expect(client.refunds.create(payment.id, { amount: 1 })).rejects.toBeInstanceOf(ProviderBadRequestError);
    });

    it("reserves with capture=false, captures part of it, and cancels another reservation", async () => {
      const { client } = env().newSeller();
      const reserve = async () => {
        const token = await tokenizeTestCard(client, { brand: "master" });
        return client.payments.create({
          transaction_amount: 80,
          token: token.id,
          installments: 1,
          payment_method_id: token.paymentMethodId,
          payer: { email: "buyer@testuser.com" },
          capture: false,
        });
      };
      const reserved = await reserve();
      expect(reserved).toMatchObject({ status: "authorized", status_detail: "pending_capture", captured: false });
      const captured = await client.payments.capture(reserved.id, 60);
      expect(captured).toMatchObject({ status: "approved", captured: true, transaction_amount: 60 });

      const other = await reserve();
      const cancelled = await client.payments.cancel(other.id);
      expect(cancelled).toMatchObject({ status: "cancelled", status_detail: "by_collector" });
      // An approved payment is refunded, never cancelled.
      await expect(client.payments.cancel(captured.id)).rejects.toBeInstanceOf(ProviderBadRequestError);
    });

    it("declines by cardholder name and hides other sellers' payments", async () => {
      const first = env().newSeller();
      const second = env().newSeller();
      const token = await tokenizeTestCard(first.client, { cardholder: "FUND" });
      const declined = await first.client.payments.create({
        transaction_amount: 10,
        token: token.id,
        installments: 1,
        payment_method_id: token.paymentMethodId,
        payer: { email: "buyer@testuser.com" },
      });
      expect(declined).toMatchObject({ status: "rejected", status_detail: "cc_rejected_insufficient_amount" });
      await expect(second.client.payments.get(declined.id)).rejects.toBeInstanceOf(ProviderNotFoundError);
    });
  });

  describe("catalogues", () => {
    it("lists the site's payment methods and identification types", async () => {
      const mla = env().newSeller("MLA").client;
      const methods = await mla.paymentMethods.list();
      expect(methods.map((m) => m.id)).toEqual(expect.arrayContaining(["visa", "master", "amex"]));
      const types = await mla.identificationTypes.list();
      expect(types.map((t) => t.id)).toContain("DNI");

      const mlb = env().newSeller("MLB").client;
      expect((await mlb.paymentMethods.list()).map((m) => m.id)).toContain("pix");
      expect((await mlb.identificationTypes.list()).map((t) => t.id)).toContain("CPF");
    });
  });
}
