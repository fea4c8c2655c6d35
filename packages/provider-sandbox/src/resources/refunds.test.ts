import { describe, expect, it } from "vitest";
import type { ClassicErrorBody } from "../core/errors";
import type { Schemas } from "../schemas";
import { type ApiClient, apiFor, sellerApi } from "../test-support/api-client";
import { payWithCard } from "../test-support/card-payments";
import { startQuietSandbox, useSandbox } from "../test-support/use-sandbox";

type Payment = Schemas["Payment"];
type Refund = Schemas["Refund"];

const sandbox = await useSandbox();
const api = apiFor(sandbox);

async function approvedPayment(amount: number, client: ApiClient = api): Promise<Payment> {
  const res = await payWithCard(client, { amount });
  expect(res.body.status).toBe("approved");
  return res.body;
}

describe("refunds", () => {
  it("a full refund (empty body) makes the payment refunded / refunded", async () => {
    const payment = await approvedPayment(250.75);
    const res = await api.post<Refund>(`/v1/payments/${payment.id}/refunds`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      payment_id: payment.id,
      amount: 250.75,
      status: "approved",
      refund_mode: "standard",
      source: { id: "1000001", type: "collector" },
    });
    expect(res.body.unique_sequence_number).toMatch(/^\d+$/);
    const after = (await api.get<Payment>(`/v1/payments/${payment.id}`)).body;
    expect(after).toMatchObject({ status: "refunded", status_detail: "refunded", transaction_amount_refunded: 250.75 });
    expect(after.refunds).toEqual([res.body]);
    const actions = sandbox.control
      .deliveries()
      .filter((d) => d.dataId === String(payment.id))
      .map((d) => d.action);
    expect(actions).toEqual(["payment.created", "payment.updated"]);

    const again = await api.post(`/v1/payments/${payment.id}/refunds`, {});
    expect(again.status).toBe(400);
    expect((again.body as ClassicErrorBody).message).toMatch(/already fully refunded/);
  });

  it("partial refunds keep the payment approved / partially_refunded and add up exactly", async () => {
    const payment = await approvedPayment(99.99);
    for (let i = 1; i <= 3; i++) {
      const res = await api.post<Refund>(`/v1/payments/${payment.id}/refunds`, { amount: 33.33 });
      expect(res.status).toBe(201);
      expect(res.body.amount).toBe(33.33);
      const after = (await api.get<Payment>(`/v1/payments/${payment.id}`)).body;
      if (i < 3) {
        expect(after).toMatchObject({ status: "approved", status_detail: "partially_refunded" });
        expect(after.refunds).toHaveLength(i);
      }
    }
    const after = (await api.get<Payment>(`/v1/payments/${payment.id}`)).body;
    // No float drift: 3 × 33.33 on 99.99 leaves exactly nothing, so the payment is fully refunded.
    expect(after).toMatchObject({ status: "refunded", status_detail: "refunded", transaction_amount_refunded: 99.99 });
    const list = await api.get<Refund[]>(`/v1/payments/${payment.id}/refunds/`);
    expect(list.status).toBe(200);
    expect(list.body.map((r) => r.amount)).toEqual([33.33, 33.33, 33.33]);
    const one = await api.get<Refund>(`/v1/payments/${payment.id}/refunds/${list.body[1]?.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(list.body[1]);
  });

  it("refuses more than what is left, naming amount", async () => {
    const payment = await approvedPayment(100);
    expect((await api.post(`/v1/payments/${payment.id}/refunds`, { amount: 60 })).status).toBe(201);
    const over = await api.post(`/v1/payments/${payment.id}/refunds`, { amount: 40.01 });
    expect(over.status).toBe(400);
    expect((over.body as ClassicErrorBody).cause.map((c) => c.data)).toContain("amount");
    const rest = await api.post<Refund>(`/v1/payments/${payment.id}/refunds`, {});
    expect(rest.body.amount).toBe(40);
  });

  it("refuses more decimals than the currency has", async () => {
    const payment = await approvedPayment(100);
    expect((await api.post(`/v1/payments/${payment.id}/refunds`, { amount: 1.005 })).status).toBe(400);
    const chile = sellerApi(sandbox, "MLC").api;
    const clp = await approvedPayment(5000, chile);
    expect((await chile.post(`/v1/payments/${clp.id}/refunds`, { amount: 100.5 })).status).toBe(400);
    expect((await chile.post(`/v1/payments/${clp.id}/refunds`, { amount: 100 })).status).toBe(201);
  });

  it("only refunds approved payments", async () => {
    const rejected = await payWithCard(api, { name: "OTHE" });
    expect((await api.post(`/v1/payments/${rejected.body.id}/refunds`)).status).toBe(400);
    const reserved = await payWithCard(api, { extra: { capture: false } });
    const res = await api.post(`/v1/payments/${reserved.body.id}/refunds`);
    expect(res.status).toBe(400);
    expect((res.body as ClassicErrorBody).message).toMatch(/cancel it instead/);
  });

  it("answers 404 for another seller's payment and an unknown refund", async () => {
    const payment = await approvedPayment(10);
    const other = apiFor(sandbox, "TEST-3333333333333333-333333-33333333333333333333333333333333-7777003");
    expect((await other.post(`/v1/payments/${payment.id}/refunds`)).status).toBe(404);
    expect((await other.get(`/v1/payments/${payment.id}/refunds`)).status).toBe(404);
    expect((await api.get(`/v1/payments/${payment.id}/refunds/123`)).status).toBe(404);
  });

  it("allows refunds within 180 days of approval only", async () => {
    const own = await startQuietSandbox();
    try {
      const client = apiFor(own);
      const early = await approvedPayment(10, client);
      const late = await approvedPayment(10, client);
      await own.control.advanceClock({ days: 179 });
      expect((await client.post(`/v1/payments/${early.id}/refunds`, { amount: 5 })).status).toBe(201);
      await own.control.advanceClock({ days: 2 });
      const res = await client.post(`/v1/payments/${late.id}/refunds`);
      expect(res.status).toBe(400);
      expect((res.body as ClassicErrorBody).message).toMatch(/180 days/);
    } finally {
      await own.close();
    }
  });
});
