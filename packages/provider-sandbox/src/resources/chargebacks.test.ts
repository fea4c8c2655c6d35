import { describe, expect, it } from "vitest";
import type { ClassicErrorBody } from "../core/errors";
import type { Schemas } from "../schemas";
import { apiFor } from "../test-support/api-client";
import { payWithCard } from "../test-support/card-payments";
import { useSandbox } from "../test-support/use-sandbox";
import { DEFAULT_SELLER } from "../testing";
import { DOCUMENTATION_WINDOW_MS, MAX_EVIDENCE_BYTES } from "./chargebacks";

type Chargeback = Schemas["Chargeback"];
type Payment = Schemas["Payment"];

const sandbox = await useSandbox();
const api = apiFor(sandbox);

async function control<T>(path: string, body: unknown, status = 201): Promise<T> {
  const res = await sandbox.fetch(`${sandbox.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}

async function openOnNewPayment(extra: Record<string, unknown> = {}): Promise<{ payment: Payment; cb: Chargeback }> {
  const payment = (await payWithCard(api, { amount: 120.5 })).body;
  expect(payment.status).toBe("approved");
  const cb = await control<Chargeback>("/__sandbox/chargebacks", { payment_id: payment.id, ...extra });
  return { payment, cb };
}

function upload(id: string, files: { name: string; type: string; bytes: Uint8Array }[], key = crypto.randomUUID()) {
  const form = new FormData();
  for (const file of files) form.append("files", new File([file.bytes as BlobPart], file.name, { type: file.type }));
  return sandbox.fetch(`${sandbox.url}/v1/chargebacks/${id}/documentation`, {
    method: "POST",
    headers: { authorization: `Bearer ${DEFAULT_SELLER.accessToken}`, "x-idempotency-key": key },
    body: form,
  });
}

const PDF = { name: "receipt.pdf", type: "application/pdf", bytes: new TextEncoder().encode("%PDF-1.4 proof") };

describe("chargebacks", () => {
  it("opening one on a card payment answers the chargeback, charges the payment back and notifies both topics", async () => {
    const { payment, cb } = await openOnNewPayment({ reason: "fraud" });
    expect(cb).toMatchObject({
      payments: [payment.id],
      currency: payment.currency_id,
      amount: 120.5,
      reason: "fraud",
      coverage_applied: null,
      coverage_elegible: true,
      documentation_required: true,
      documentation_status: "pending",
      documentation: [],
    });
    expect(Date.parse(cb.date_documentation_deadline ?? "") - Date.parse(cb.date_created ?? "")).toBe(
      DOCUMENTATION_WINDOW_MS,
    );
    const read = await api.get<Chargeback>(`/v1/chargebacks/${cb.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(cb);
    // provider: GET /v1/chargebacks/{id} also takes a payment id.
    expect((await api.get<Chargeback>(`/v1/chargebacks/${payment.id}`)).body.id).toBe(cb.id);
    const after = (await api.get<Payment>(`/v1/payments/${payment.id}`)).body;
    expect(after).toMatchObject({ status: "charged_back", status_detail: "in_process" });
    const topics = sandbox.control
      .deliveries()
      .filter((d) => d.dataId === cb.id)
      .map((d) => [d.topic, d.action]);
    expect(topics).toEqual([["topic_chargebacks_wh", "chargeback.created"]]);
  });

  it("another seller cannot read it, and an unknown id is a 404", async () => {
    const { cb } = await openOnNewPayment();
    const other = apiFor(sandbox, "TEST-4000000000000000-000000-00000000000000000000000000000000-900000001");
    expect((await other.get(`/v1/chargebacks/${cb.id}`)).status).toBe(404);
    expect((await api.get("/v1/chargebacks/1")).status).toBe(404);
  });

  it("an uploaded pdf is kept, listed as documentation and puts it under review", async () => {
    const { cb } = await openOnNewPayment();
    const res = await upload(cb.id, [PDF, { name: "label.PNG", type: "image/png", bytes: new Uint8Array([1, 2]) }]);
    expect(res.status).toBe(200);
    const read = (await api.get<Chargeback>(`/v1/chargebacks/${cb.id}`)).body;
    expect(read.documentation_status).toBe("review_pending");
    expect(read.documentation.map((d) => [d.type, d.description])).toEqual([
      ["application/pdf", "File: receipt.pdf"],
      ["image/png", "File: label.PNG"],
    ]);
    const files = (await (await fetch(`${sandbox.url}/__sandbox/chargebacks/${cb.id}/files`)).json()) as {
      files: { name: string; size: number }[];
    };
    expect(files.files.map((f) => [f.name, f.size])).toEqual([
      ["receipt.pdf", PDF.bytes.length],
      ["label.PNG", 2],
    ]);
  });

  it("refuses a file that is not jpg/png/pdf with a 400 naming files", async () => {
    const { cb } = await openOnNewPayment();
    const res = await upload(cb.id, [{ name: "photo.gif", type: "image/gif", bytes: new Uint8Array([1]) }]);
    expect(res.status).toBe(400);
    const body = (await res.json()) as ClassicErrorBody;
    expect(body.message).toMatch(/photo\.gif is not a \.jpg, \.png or \.pdf/);
    expect(body.cause?.[0]).toMatchObject({ code: "invalid_file_type", data: "files" });
    expect((await api.get<Chargeback>(`/v1/chargebacks/${cb.id}`)).body.documentation_status).toBe("pending");
  });

  it("refuses more than 10 MB in all, and a request without files", async () => {
    const { cb } = await openOnNewPayment();
    const half = new Uint8Array(MAX_EVIDENCE_BYTES / 2 + 1);
    const big = await upload(cb.id, [
      { name: "a.pdf", type: "application/pdf", bytes: half },
      { name: "b.pdf", type: "application/pdf", bytes: half },
    ]);
    expect(big.status).toBe(400);
    expect(((await big.json()) as ClassicErrorBody).cause?.[0]?.code).toBe("file_too_large");
    const none = await upload(cb.id, []);
    expect(none.status).toBe(400);
  });

  it("after the deadline it reads not_supplied and refuses documentation", async () => {
    const { cb } = await openOnNewPayment();
    await sandbox.control.advanceClock({ ms: DOCUMENTATION_WINDOW_MS + 1000 });
    const res = await upload(cb.id, [PDF]);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ClassicErrorBody).cause?.[0]?.code).toBe("documentation_deadline_expired");
    expect((await api.get<Chargeback>(`/v1/chargebacks/${cb.id}`)).body.documentation_status).toBe("not_supplied");
  });

  it("deciding for the seller marks coverage, validates the documentation and reimburses the payment", async () => {
    const { payment, cb } = await openOnNewPayment();
    expect((await upload(cb.id, [PDF])).status).toBe(200);
    const decided = await control<Chargeback>(
      `/__sandbox/chargebacks/${cb.id}/resolve`,
      { coverage_applied: true },
      200,
    );
    expect(decided).toMatchObject({ coverage_applied: true, documentation_status: "valid" });
    expect((await api.get<Payment>(`/v1/payments/${payment.id}`)).body).toMatchObject({
      status: "charged_back",
      status_detail: "reimbursed",
    });
    expect(
      sandbox.control
        .deliveries()
        .filter((d) => d.dataId === cb.id)
        .map((d) => d.action),
    ).toEqual(["chargeback.created", "chargeback.updated"]);
    expect((await upload(cb.id, [PDF])).status).toBe(400);
  });

  it("only an approved card payment can be charged back; bad input names the field", async () => {
    const res = await sandbox.fetch(`${sandbox.url}/__sandbox/chargebacks`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ payment_id: "x" }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ClassicErrorBody).cause?.[0]?.data).toBe("payment_id");
    const declined = (await payWithCard(api, { amount: 10, name: "OTHE" })).body;
    expect(declined.status).toBe("rejected");
    const refused = await sandbox.fetch(`${sandbox.url}/__sandbox/chargebacks`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ payment_id: declined.id }),
    });
    expect(refused.status).toBe(400);
  });
});
