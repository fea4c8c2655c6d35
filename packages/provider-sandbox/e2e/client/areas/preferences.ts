// Checkout Pro: a preference created, read, changed and searched through the
// client, paid by a buyer on the hosted checkout (a plain form post, as a
// browser would), and the merchant orders that track it.

import { ProviderNotFoundError } from "@cobro/provider-client";
import { describe, expect, it } from "vitest";
import { APRO_CARD_FIELDS, formFields, postForm } from "../../../src/test-support/forms";
import type { ClientSandbox } from "../harness";

const STORE = "https://store.example";

export function describePreferences(env: () => ClientSandbox): void {
  describe("preferences and merchant orders", () => {
    it("creates, reads, updates and searches a preference; the buyer pays it on the hosted checkout", async () => {
      const { client } = env().newSeller();
      const preference = await client.preferences.create({
        items: [{ id: "poncho", title: "Wool poncho", quantity: 2, unit_price: 125.5, currency_id: "ARS" }],
        external_reference: "cart-77",
        back_urls: { success: `${STORE}/ok`, pending: `${STORE}/wait`, failure: `${STORE}/ko` },
        auto_return: "approved",
        sponsor_id: 424242,
      });
      expect(preference.init_point.startsWith(`${env().sandbox.url}/checkout/v1/redirect?pref_id=`)).toBe(true);
      expect(await client.preferences.get(preference.id)).toMatchObject({ id: preference.id, auto_return: "approved" });

      const updated = await client.preferences.update(preference.id, { external_reference: "cart-78" });
      expect(updated.external_reference).toBe("cart-78");
      const byReference = await client.preferences.search({ external_reference: "cart-78" });
      expect(byReference.elements.map((p) => p.id)).toEqual([preference.id]);
      const bySponsor = await client.preferences.search({ sponsor_id: 424242 });
      expect(bySponsor.elements.map((p) => p.id)).toEqual([preference.id]);

      // The buyer opens init_point, fills in the card form and submits it.
      const page = await fetch(preference.init_point);
      expect(page.status).toBe(200);
      const form = formFields(await page.text());
      expect(form.action).toBe("pay");
      const paid = await postForm(new URL(form.action ?? "", preference.init_point).toString(), {
        ...form.fields,
        ...APRO_CARD_FIELDS,
        email: "buyer@testuser.com",
        installments: "1",
      });
      expect(paid.status).toBe(303);
      const back = new URL(paid.headers.get("location") ?? "");
      expect(`${back.origin}${back.pathname}`).toBe(`${STORE}/ok`);
      expect(back.searchParams.get("status")).toBe("approved");
      expect(back.searchParams.get("external_reference")).toBe("cart-78");
      const paymentId = Number(back.searchParams.get("payment_id"));
      const merchantOrderId = Number(back.searchParams.get("merchant_order_id"));

      const payment = await client.payments.get(paymentId);
      expect(payment).toMatchObject({ status: "approved", transaction_amount: 251 });
      const orders = await client.merchantOrders.search({ preference_id: preference.id });
      expect((orders.elements ?? []).map((o) => o.id)).toEqual([merchantOrderId]);
      const order = await client.merchantOrders.get(merchantOrderId);
      expect(order).toMatchObject({ preference_id: preference.id, order_status: "paid", paid_amount: 251 });
      expect(order.payments?.map((p) => p.id)).toEqual([paymentId]);
    });

    it("creates and updates a merchant order of its own, invisible to other sellers", async () => {
      const { client } = env().newSeller();
      const created = await client.merchantOrders.create({
        items: [{ id: "a", title: "Alfajor", quantity: 3, unit_price: 1.5, currency_id: "ARS" }],
        external_reference: "mo-e2e",
      });
      expect(created).toMatchObject({ status: "opened", order_status: "payment_required", total_amount: 4.5 });
      const updated = await client.merchantOrders.update(created.id, {
        items: [{ id: "b", title: "Facturas", quantity: 12, unit_price: 1.25 }],
      });
      expect(updated).toMatchObject({ id: created.id, total_amount: 15, external_reference: "mo-e2e" });
      const other = env().newSeller().client;
      await expect(other.merchantOrders.get(created.id)).rejects.toBeInstanceOf(ProviderNotFoundError);
    });
  });
}
