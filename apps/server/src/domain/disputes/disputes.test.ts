// The Disputes area against a real sandbox over HTTP and a real PostgreSQL: a chargeback opened at the provider
// reaches the list with its deadline; evidence goes through the HTTP API (the only route with a 10 MB body) to the
// provider once per idempotency key, with the key stored and audited before the call; wrong types, oversized sets
// and passed deadlines are refused naming the field; claims list with their payment's amount.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { startShopTestEnv } from "../../test/shop-test-env";
import { createTestUser, signInAs } from "../../test/test-users";
import { syncPaymentFromProvider } from "../payments/sync-payment-from-provider";
import { getChargebackDetail, listChargebacks } from "./list-chargebacks";
import { getClaim, listClaims } from "./list-claims";
import { syncChargebackFromProvider } from "./sync-chargeback-from-provider";
import { uploadChargebackEvidence } from "./upload-chargeback-evidence";

const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps, sandbox } = env;
const operator = await createTestUser({ db, role: "operator" });
const PDF_BASE64 = Buffer.from("%PDF-1.4 delivery receipt").toString("base64");

async function paidPayment(amount = 150) {
  return env.provider.payments.create(
    {
      transaction_amount: amount,
      token: await env.cardToken("APRO"),
      installments: 1,
      payment_method_id: "visa",
      payer: { email: env.payer().email },
    },
    { idempotencyKey: randomUUID() },
  );
}

async function sandboxControl<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${sandbox.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as T;
}

async function openChargeback(amount = 150) {
  const payment = await paidPayment(amount);
  const opened = await sandboxControl<{ id: string; date_documentation_deadline: string }>("/__sandbox/chargebacks", {
    payment_id: payment.id,
    reason: "fraud",
  });
  await syncChargebackFromProvider({ deps, chargebackId: opened.id });
  return { payment, chargebackId: opened.id, deadline: opened.date_documentation_deadline };
}

async function filesAtProvider(chargebackId: string): Promise<{ name: string; size: number }[]> {
  const res = await fetch(`${sandbox.url}/__sandbox/chargebacks/${chargebackId}/files`);
  return ((await res.json()) as { files: { name: string; size: number }[] }).files;
}

describe("the chargebacks list", () => {
  it("shows an open chargeback with its amount, reason, deadline and payment", async () => {
    const { payment, chargebackId, deadline } = await openChargeback(150.25);
    const page = await listChargebacks({ db, now: new Date(), filters: { openOnly: true, limit: 50 } });
    const item = page.items.find((entry) => entry.id === chargebackId);
    expect(item).toEqual({
      id: chargebackId,
      paymentId: payment.id,
      amount: { amountMinor: 15025, currency: "ARS" },
      reason: "fraud",
      documentationStatus: "pending",
      documentationRequired: true,
      deadline: new Date(deadline).toISOString(),
      coverageApplied: null,
      createdAt: expect.any(String),
    });
    const reviewing = await listChargebacks({ db, now: new Date(), filters: { documentationStatus: "valid" } });
    expect(reviewing.items.some((entry) => entry.id === chargebackId)).toBe(false);
  });
});

describe("evidence upload", () => {
  it("goes from the HTTP API to the provider once per key, stored and audited before the call", async () => {
    const { chargebackId } = await openChargeback();
    const app = createApp(deps);
    const { cookie } = await signInAs({ db, role: "operator" });
    const idempotencyKey = randomUUID();
    // ~6 MB of PDF: far over the API's usual 100 KB, under the 10 MB the provider takes.
    const big = Buffer.concat([Buffer.from("%PDF-1.4 "), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const body = JSON.stringify({
      chargebackId,
      idempotencyKey,
      files: [{ name: "receipt.pdf", type: "application/pdf", dataBase64: big.toString("base64") }],
    });
    const send = () =>
      app.request("/api/trpc/admin.disputes.uploadEvidence", {
        method: "POST",
        headers: { "content-type": "application/json", cookie, origin: deps.publicUrl },
        body,
      });
    const first = await send();
    expect(first.status, await first.clone().text()).toBe(200);
    expect(((await first.json()) as { result: { data: { outcome: string } } }).result.data.outcome).toBe("done");
    const again = await send();
    expect(again.status).toBe(200);
    expect(await filesAtProvider(chargebackId)).toEqual([
      expect.objectContaining({ name: "receipt.pdf", size: big.length }),
    ]);
    const stored = await db
      .selectFrom("chargeback_evidence_uploads")
      .innerJoin("provider_requests", "provider_requests.id", "chargeback_evidence_uploads.provider_request_id")
      .selectAll("chargeback_evidence_uploads")
      .select("provider_requests.status")
      .where("provider_requests.idempotency_key", "=", idempotencyKey)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: "succeeded", total_bytes: big.length });
    expect(JSON.stringify(stored[0]?.files)).not.toContain("base64");
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("idempotency_key", "=", idempotencyKey)
      .orderBy("created_at")
      .execute();
    expect(audit.map((row) => row.action)).toEqual(["chargeback.evidence_requested", "chargeback.evidence_succeeded"]);
    const detail = await getChargebackDetail({ deps, chargebackId });
    expect(detail).toMatchObject({ documentationStatus: "review_pending", canUpload: true });
    expect(detail.documents).toEqual([{ type: "application/pdf", description: "File: receipt.pdf" }]);
    expect(detail.uploads).toHaveLength(1);
  });

  it("refuses a file whose bytes are not a pdf/png/jpg, naming the field, and sends nothing", async () => {
    const { chargebackId } = await openChargeback();
    await expect(
      uploadChargebackEvidence({
        deps,
        actorUserId: operator.id,
        input: {
          chargebackId,
          idempotencyKey: randomUUID(),
          files: [{ name: "fake.pdf", type: "application/pdf", dataBase64: Buffer.from("GIF89a").toString("base64") }],
        },
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", field: "files.0.type" });
    expect(await filesAtProvider(chargebackId)).toEqual([]);
  });

  it("refuses more than 10 MB in all before the call", async () => {
    const { chargebackId } = await openChargeback();
    const half = Buffer.concat([Buffer.from("%PDF"), Buffer.alloc(5 * 1024 * 1024 + 1)]).toString("base64");
    await expect(
      uploadChargebackEvidence({
        deps,
        actorUserId: operator.id,
        input: {
          chargebackId,
          idempotencyKey: randomUUID(),
          files: [
            { name: "a.pdf", type: "application/pdf", dataBase64: half },
            { name: "b.pdf", type: "application/pdf", dataBase64: half },
          ],
        },
      }),
    ).rejects.toThrow(/10 MB/);
    expect(await filesAtProvider(chargebackId)).toEqual([]);
  });

  it("after the deadline the upload is refused and the provider receives nothing", async () => {
    const { chargebackId } = await openChargeback();
    await sandbox.control.advanceClock({ days: 11 });
    try {
      await syncChargebackFromProvider({ deps, chargebackId });
      const row = await db
        .selectFrom("chargebacks")
        .select("documentation_status")
        .where("provider_chargeback_id", "=", chargebackId)
        .executeTakeFirstOrThrow();
      expect(row.documentation_status).toBe("not_supplied");
      await expect(
        uploadChargebackEvidence({
          deps,
          actorUserId: operator.id,
          input: {
            chargebackId,
            idempotencyKey: randomUUID(),
            files: [{ name: "late.pdf", type: "application/pdf", dataBase64: PDF_BASE64 }],
          },
        }),
      ).rejects.toMatchObject({ code: "BAD_REQUEST" });
      expect(await filesAtProvider(chargebackId)).toEqual([]);
    } finally {
      await sandbox.control.reset();
    }
  });
});

describe("claims", () => {
  it("are listed from the provider with their payment's amount, reason and deadline", async () => {
    const payment = await paidPayment(99);
    await syncPaymentFromProvider({ deps, providerPaymentId: payment.id });
    const claim = await sandboxControl<{ id: number }>("/__sandbox/claims", {
      payment_id: payment.id,
      reason_id: "PDD9939",
    });
    const page = await listClaims({ deps, filters: { status: "opened", limit: 50 } });
    const item = page.items.find((entry) => entry.id === claim.id);
    expect(item).toMatchObject({
      paymentId: payment.id,
      amount: { amountMinor: 9900, currency: "ARS" },
      reason: "PDD9939",
      status: "opened",
      stage: "claim",
    });
    expect(item?.deadline).toMatch(/^\d{4}-/);
    expect(await getClaim({ deps, claimId: claim.id })).toEqual(item);
  });
});
