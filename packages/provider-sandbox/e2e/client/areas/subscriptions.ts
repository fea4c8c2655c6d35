// Plans, subscriptions and their invoices (authorized payments) through the
// client; the sandbox clock is advanced to make the next period fall due.

import { ProviderBadRequestError } from "@cobro/provider-client";
import { describe, expect, it } from "vitest";
import { formFields, postForm } from "../../../src/test-support/forms";
import { type ClientSandbox, tokenizeTestCard } from "../harness";

export function describeSubscriptions(env: () => ClientSandbox): void {
  describe("plans, subscriptions and authorized payments", () => {
    it("creates, reads, updates and searches a plan", async () => {
      const { client } = env().newSeller();
      const plan = await client.plans.create({
        reason: "Gold membership",
        back_url: "https://shop.example/members",
        auto_recurring: { frequency: 1, frequency_type: "months", transaction_amount: 1500, currency_id: "ARS" },
        external_reference: "plan-gold",
      });
      expect(plan).toMatchObject({ status: "active", reason: "Gold membership" });
      expect(plan.init_point).toBe(`${env().sandbox.url}/subscriptions/checkout?preapproval_plan_id=${plan.id}`);
      expect((await client.plans.get(plan.id)).id).toBe(plan.id);
      const updated = await client.plans.update(plan.id, {
        reason: "Gold membership (2025)",
        auto_recurring: { transaction_amount: 1800 },
      });
      expect(updated).toMatchObject({ reason: "Gold membership (2025)", auto_recurring: { transaction_amount: 1800 } });
      const found = await client.plans.search({ q: "gold", status: "active" });
      expect(found.results.map((p) => p.id)).toEqual([plan.id]);
    });

    it("subscribes a payer to a plan with a card, charges every period and follows pause, resume and cancel", async () => {
      const { sandbox } = env();
      const { client } = env().newSeller();
      const plan = await client.plans.create({
        reason: "Magazine",
        back_url: "https://shop.example/back",
        auto_recurring: { frequency: 1, frequency_type: "months", transaction_amount: 250, currency_id: "ARS" },
      });
      const token = await tokenizeTestCard(client, { brand: "master" });
      const subscription = await client.subscriptions.create({
        preapproval_plan_id: plan.id,
        payer_email: "reader@testuser.com",
        card_token_id: token.id,
        status: "authorized",
      });
      expect(subscription).toMatchObject({
        status: "authorized",
        preapproval_plan_id: plan.id,
        payment_method_id: "master",
      });
      expect(subscription.summarized).toMatchObject({ charged_quantity: 1, charged_amount: 250 });
      expect((await client.subscriptions.get(subscription.id)).status).toBe("authorized");
      const byPlan = await client.subscriptions.search({ preapproval_plan_id: plan.id });
      expect(byPlan.results.map((s) => s.id)).toEqual([subscription.id]);

      // The next period falls due a month later.
      await sandbox.control.advanceClock({ days: 32 });
      const invoices = await client.authorizedPayments.search({ preapproval_id: subscription.id });
      expect(invoices.results).toHaveLength(2);
      for (const invoice of invoices.results) {
        expect(invoice).toMatchObject({
          preapproval_id: subscription.id,
          status: "processed",
          transaction_amount: 250,
        });
        const one = await client.authorizedPayments.get(invoice.id);
        expect(one.payment?.status).toBe("approved");
        const payment = await client.payments.get(Number(one.payment?.id));
        expect(payment).toMatchObject({ operation_type: "recurring_payment", status: "approved" });
      }

      expect((await client.subscriptions.pause(subscription.id)).status).toBe("paused");
      expect((await client.subscriptions.resume(subscription.id)).status).toBe("authorized");
      const renamed = await client.subscriptions.update(subscription.id, { external_reference: "reader-7" });
      expect(renamed.external_reference).toBe("reader-7");
      expect((await client.subscriptions.cancel(subscription.id)).status).toBe("cancelled");
      // provider: cancelling is final.
      await expect(client.subscriptions.resume(subscription.id)).rejects.toBeInstanceOf(ProviderBadRequestError);
    });

    it("lets the payer authorize a pending subscription on its init_point", async () => {
      const { client } = env().newSeller();
      const pending = await client.subscriptions.create({
        reason: "Weekly box",
        payer_email: "box@testuser.com",
        back_url: "https://shop.example/box",
        auto_recurring: { frequency: 7, frequency_type: "days", transaction_amount: 120, currency_id: "ARS" },
      });
      expect(pending.status).toBe("pending");

      const page = await fetch(pending.init_point ?? "");
      expect(page.status).toBe(200);
      const form = formFields(await page.text());
      const res = await postForm(new URL(form.action ?? "", pending.init_point ?? "").toString(), {
        ...form.fields,
        card_number: "5031 7557 3453 0604",
        expiration_month: "11",
        expiration_year: "2030",
        security_code: "123",
        cardholder_name: "APRO",
        identification_number: "12345678",
      });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(
        `https://shop.example/box?preapproval_id=${pending.id}&status=authorized`,
      );

      const authorized = await client.subscriptions.get(pending.id);
      expect(authorized).toMatchObject({ status: "authorized", payment_method_id: "master" });
      const invoices = await client.authorizedPayments.search({ preapproval_id: pending.id });
      expect(invoices.results.map((i) => i.payment?.status)).toEqual(["approved"]);
    });
  });
}
