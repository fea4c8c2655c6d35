// The Orders API through the client: automatic orders (approved, declined with
// 402), reserve → capture / cancel, refunds, and a manual-mode order whose
// payment transaction is added, changed, deleted (204) and processed.
// provider: test credentials only take payer e-mails at `@testuser.com`.

import {
  isOrdersErrorBody,
  ProviderBadRequestError,
  type ProviderClient,
  ProviderConflictError,
  ProviderPaymentRequiredError,
} from "@cobro/provider-client";
import { describe, expect, it } from "vitest";
import { type ClientSandbox, tokenizeTestCard } from "../harness";

const PAYER = { email: "buyer@testuser.com", first_name: "Ana" };

async function cardPayment(client: ProviderClient, cardholder: string, amount = "100.00") {
  const token = await tokenizeTestCard(client, { cardholder });
  return {
    amount,
    payment_method: { id: token.paymentMethodId, type: "credit_card", token: token.id, installments: 1 },
  };
}

export function describeOrders(env: () => ClientSandbox): void {
  describe("orders", () => {
    it("processes an automatic order, reads it, refunds part of it and then the rest", async () => {
      const { client } = env().newSeller();
      const order = await client.orders.create({
        type: "online",
        total_amount: "100.00",
        external_reference: "ord-e2e-1",
        payer: PAYER,
        transactions: { payments: [await cardPayment(client, "APRO")] },
      });
      expect(order).toMatchObject({ status: "processed", status_detail: "accredited", total_paid_amount: "100.00" });
      expect((await client.orders.get(order.id)).status).toBe("processed");
      const paymentId = order.transactions?.payments?.[0]?.id ?? "";

      const partial = await client.orders.refund(order.id, { transactions: [{ id: paymentId, amount: "30.00" }] });
      expect(partial).toMatchObject({ status: "processed", status_detail: "partially_refunded" });
      const full = await client.orders.refund(order.id);
      expect(full).toMatchObject({ status: "refunded", status_detail: "refunded" });
      await expect(client.orders.refund(order.id)).rejects.toBeInstanceOf(ProviderConflictError);
    });

    it("surfaces a declined order as a 402 whose data is the failed order", async () => {
      const { client } = env().newSeller();
      const error = await client.orders
        .create({
          type: "online",
          total_amount: "100.00",
          payer: PAYER,
          transactions: { payments: [await cardPayment(client, "OTHE")] },
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(ProviderPaymentRequiredError);
      const declined = error as ProviderPaymentRequiredError;
      expect(declined.code).toBe("failed");
      expect(declined.data).toMatchObject({ status: "failed" });
    });

    it("refuses a payer e-mail outside @testuser.com with test credentials", async () => {
      const { client } = env().newSeller();
      const error = await client.orders
        .create({
          type: "online",
          total_amount: "10.00",
          payer: { email: "buyer@example.com" },
          transactions: { payments: [await cardPayment(client, "APRO", "10.00")] },
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(ProviderBadRequestError);
      const body = (error as ProviderBadRequestError).body;
      expect(isOrdersErrorBody(body) ? body.errors[0]?.code : null).toBe("invalid_email_for_sandbox");
    });

    it("reserves with capture_mode manual, then captures one order and cancels another", async () => {
      const { client } = env().newSeller();
      const reserve = async () =>
        client.orders.create({
          type: "online",
          capture_mode: "manual",
          total_amount: "50.00",
          payer: PAYER,
          transactions: { payments: [await cardPayment(client, "APRO", "50.00")] },
        });
      const first = await reserve();
      expect(first).toMatchObject({ status: "action_required", status_detail: "waiting_capture" });
      expect(await client.orders.capture(first.id)).toMatchObject({ status: "processed", total_paid_amount: "50.00" });

      const second = await reserve();
      expect(await client.orders.cancel(second.id)).toMatchObject({ status: "canceled", status_detail: "canceled" });
      const reference = Number(second.transactions?.payments?.[0]?.reference_id);
      expect((await client.payments.get(reference)).status).toBe("cancelled");
    });

    it("builds a manual-mode order: adds, changes and deletes (204) its payment, then processes it", async () => {
      const { client } = env().newSeller();
      const order = await client.orders.create({
        type: "online",
        processing_mode: "manual",
        total_amount: "100.00",
        payer: PAYER,
      });
      expect(order).toMatchObject({ status: "created", processing_mode: "manual" });

      const added = await client.orders.createTransactions(order.id, { payments: [await cardPayment(client, "APRO")] });
      const transactionId = added.payments[0]?.id ?? "";
      expect(added.payments[0]).toMatchObject({ status: "created", amount: "100.00" });

      const replacement = await tokenizeTestCard(client, { cardholder: "APRO" });
      const changed = await client.orders.updateTransaction(order.id, transactionId, {
        payment_method: {
          id: replacement.paymentMethodId,
          type: "credit_card",
          token: replacement.id,
          installments: 3,
        },
      });
      expect(changed.payment_method).toMatchObject({ token: replacement.id, installments: 3 });

      const removed = await client.orders.deleteTransaction(order.id, transactionId);
      expect(removed.status).toBe(204);
      expect((await client.orders.get(order.id)).transactions?.payments ?? []).toHaveLength(0);

      await client.orders.createTransactions(order.id, { payments: [await cardPayment(client, "APRO")] });
      expect(await client.orders.process(order.id)).toMatchObject({ status: "processed", status_detail: "accredited" });
    });
  });
}
