// Webhooks end to end: a payment created through the client with a
// `notification_url` on a local receiver; what arrives verifies with the
// client's `verifyWebhookSignature` (and fails when any signed part is
// tampered with), and a receiver that answers 500 first gets the retry.

import type { IncomingHttpHeaders } from "node:http";
import { verifyWebhookSignature } from "@cobro/provider-client/webhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebhookReceiver } from "../../src/test-support/webhook-receiver";
import { type ClientSandbox, startClientSandbox, tokenizeTestCard } from "./harness";

const SECRET = "e2e-webhook-secret";

let env: ClientSandbox;
const receiver = await startWebhookReceiver("/webhooks/mercadopago");

function header(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name];
  return typeof value === "string" ? value : null;
}

beforeAll(async () => {
  env = await startClientSandbox({ webhookSecret: SECRET, webhookRetryDelaysMs: [50, 100, 200] });
});
afterAll(async () => {
  await env.close();
  await receiver.close();
});

describe("webhooks through the client's verifier", () => {
  it("signs what it delivers, and retries a receiver that answered 500", async () => {
    receiver.replies.push(500);
    const { client } = env.newSeller();
    const token = await tokenizeTestCard(client);
    const payment = await client.payments.create({
      transaction_amount: 100,
      token: token.id,
      installments: 1,
      payment_method_id: token.paymentMethodId,
      payer: { email: "buyer@testuser.com" },
      notification_url: receiver.url,
    });
    await env.sandbox.control.idle();

    const hits = receiver.received.filter((r) => r.url.searchParams.get("data.id") === String(payment.id));
    expect(hits.map((h) => h.answeredWith)).toEqual([500, 200]);
    for (const hit of hits) {
      expect(hit.url.pathname).toBe("/webhooks/mercadopago");
      expect(hit.url.searchParams.get("type")).toBe("payment");
      expect(hit.body).toMatchObject({ type: "payment", action: "payment.created", data: { id: String(payment.id) } });
    }

    const [delivery, ...others] = env.sandbox.control
      .deliveries()
      .filter((d) => d.dataId === String(payment.id) && d.topic === "payment");
    expect(others).toEqual([]);
    expect(delivery?.state).toBe("delivered");
    expect(delivery?.attempts.map((a) => a.status)).toEqual([500, 200]);

    // Each attempt is signed on its own and verifies with the sandbox's secret.
    const last = hits.at(-1);
    if (!last) throw new Error("nothing was delivered");
    const signed = {
      secret: SECRET,
      xSignature: header(last.headers, "x-signature"),
      xRequestId: header(last.headers, "x-request-id"),
      dataId: last.url.searchParams.get("data.id"),
      toleranceSeconds: 300,
    };
    for (const hit of hits) {
      expect(
        verifyWebhookSignature({
          ...signed,
          xSignature: header(hit.headers, "x-signature"),
          xRequestId: header(hit.headers, "x-request-id"),
        }),
      ).toMatchObject({ ok: true });
    }

    // Tampering with any signed part, or verifying with another secret, fails.
    const ts = /ts=(\d+)/.exec(signed.xSignature ?? "")?.[1] ?? "";
    const v1 = /v1=([0-9a-f]+)/.exec(signed.xSignature ?? "")?.[1] ?? "";
    const flipped = `${v1.slice(0, -1)}${v1.endsWith("0") ? "1" : "0"}`;
    const tampered = [
      { ...signed, dataId: String(payment.id + 1) },
      { ...signed, xRequestId: crypto.randomUUID() },
      { ...signed, xSignature: `ts=${Number(ts) - 1},v1=${v1}` },
      { ...signed, xSignature: `ts=${ts},v1=${flipped}` },
      { ...signed, secret: "not-the-sandbox-secret" },
    ];
    for (const input of tampered) {
      expect(verifyWebhookSignature(input)).toEqual({ ok: false, reason: "SignatureMismatch", ts: expect.any(Number) });
    }
  });
});
