import { describe, expect, it } from "vitest";
import { createRecordingClient, respondJson, wire, wireOf } from "../test-support/recording-client";
import { IDEMPOTENCY_KEY_HEADER } from "../transport";

const CHARGEBACK = {
  id: "234000062890459000",
  payments: [86439942806],
  currency: "ARS",
  amount: 1000.5,
  reason: "general",
  coverage_applied: null,
  coverage_elegible: true,
  documentation_required: true,
  documentation_status: "pending",
  documentation: [],
  date_documentation_deadline: "2026-12-06T23:59:59.000-04:00",
  date_created: "2026-11-26T10:00:00.000-04:00",
  date_last_updated: "2026-11-26T10:00:00.000-04:00",
  live_mode: false,
};

describe("chargebacks", () => {
  it("get sends GET /v1/chargebacks/{id} and resolves the chargeback", async () => {
    const { client, last } = createRecordingClient(respondJson(CHARGEBACK));
    await expect(client.chargebacks.get("234000062890459000")).resolves.toEqual(CHARGEBACK);
    expect(wireOf(last())).toEqual(wire("GET", "/v1/chargebacks/234000062890459000"));
    expect(last().headers.get(IDEMPOTENCY_KEY_HEADER)).toBeNull();
  });

  it("uploadDocumentation sends the files as multipart `files` parts with the caller's idempotency key", async () => {
    const { client, last } = createRecordingClient(() => new Response(null, { status: 200 }));
    const pdf = new TextEncoder().encode("%PDF-1.4 evidence");
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const result = await client.chargebacks.uploadDocumentation(
      "234000062890459000",
      [
        { name: "receipt.pdf", type: "application/pdf", data: pdf },
        { name: "label.png", type: "image/png", data: png },
      ],
      { idempotencyKey: "chargeback-evidence-1" },
    );
    expect(result).toEqual({ status: 200 });
    const request = last();
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v1/chargebacks/234000062890459000/documentation");
    expect(request.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.headers.get(IDEMPOTENCY_KEY_HEADER)).toBe("chargeback-evidence-1");
    const body = String(request.body);
    expect(body.match(/name="files"/g)).toHaveLength(2);
    expect(body).toContain('filename="receipt.pdf"');
    expect(body).toContain("Content-Type: application/pdf");
    expect(body).toContain("%PDF-1.4 evidence");
    expect(body).toContain('filename="label.png"');
  });

  it("uploadDocumentation without a key still sends one generated key (every retry reuses it)", async () => {
    const { client, last } = createRecordingClient(() => new Response(null, { status: 200 }));
    await client.chargebacks.uploadDocumentation("1", [
      { name: "a.jpg", type: "image/jpeg", data: new Uint8Array([1]) },
    ]);
    expect(last().headers.get(IDEMPOTENCY_KEY_HEADER)).toBe("generated-1");
  });

  it("a refused upload rejects with the provider's 400", async () => {
    const { client } = createRecordingClient(
      respondJson({ message: "invalid file type", error: "bad_request", status: 400, cause: [] }, 400),
    );
    await expect(
      client.chargebacks.uploadDocumentation("1", [{ name: "a.gif", type: "image/gif", data: new Uint8Array([1]) }]),
    ).rejects.toMatchObject({ status: 400 });
  });
});
