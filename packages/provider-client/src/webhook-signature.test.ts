import { describe, expect, it } from "vitest";
import {
  buildWebhookManifest,
  computeWebhookSignature,
  signWebhook,
  verifyWebhookSignature,
} from "./webhook-signature";

// Expected HMACs computed independently in a shell, e.g.:
//   printf '%s' 'id:123456;request-id:bb56a2f1-…;ts:1742505638;' | openssl dgst -sha256 -hmac cobro-test-secret
const SECRET = "cobro-test-secret";
const REQUEST_ID = "bb56a2f1-6aae-46ac-982e-9dcd3581d08e";
const TS = 1742505638;
const V1_FULL = "2368a681580a10bbec036500bc5cc648d6471b4351f7059d0dfed8e27c48a2c0";
const V1_ORDER_ID = "e7d3bff945ae9969e5022c9f2f77f6810c1a637b6c412a4b0bb339bc7aa8537a";
const V1_NO_REQUEST_ID = "29500b16bed4ef18ae00c08c8b9c6b492f683db5ad860fb2633e125c3a968185";
const V1_NO_DATA_ID = "df502fa16a339c29a4c4f4b102c25d0dcb2421435e2166309f7ede91b9ecece1";
const V1_TS_ONLY = "6b11c1cc0336dc8378eb5c4310cd0865544718a40d4abf6ab4863df67da82c0d";

const valid = {
  secret: SECRET,
  xSignature: `ts=${TS},v1=${V1_FULL}`,
  xRequestId: REQUEST_ID,
  dataId: "123456",
};

describe("buildWebhookManifest", () => {
  it("follows the provider template with a trailing semicolon", () => {
    expect(buildWebhookManifest({ dataId: "123456", xRequestId: REQUEST_ID, ts: TS })).toBe(
      `id:123456;request-id:${REQUEST_ID};ts:${TS};`,
    );
  });

  it("lower-cases an alphanumeric data.id", () => {
    expect(buildWebhookManifest({ dataId: "ORD01ABC", ts: 1 })).toBe("id:ord01abc;ts:1;");
  });

  it("omits absent parts but always keeps ts", () => {
    expect(buildWebhookManifest({ ts: TS })).toBe(`ts:${TS};`);
    expect(buildWebhookManifest({ dataId: "", xRequestId: null, ts: TS })).toBe(`ts:${TS};`);
    expect(buildWebhookManifest({ dataId: 42, ts: TS })).toBe(`id:42;ts:${TS};`);
  });
});

describe("computeWebhookSignature", () => {
  it("matches HMAC-SHA256 vectors computed with openssl", () => {
    expect(computeWebhookSignature({ secret: SECRET, dataId: "123456", xRequestId: REQUEST_ID, ts: TS })).toBe(V1_FULL);
    expect(
      computeWebhookSignature({
        secret: SECRET,
        dataId: "ORD01J49MMW3SSBK5PSV3DFR32959",
        xRequestId: REQUEST_ID,
        ts: TS,
      }),
    ).toBe(V1_ORDER_ID);
    expect(computeWebhookSignature({ secret: SECRET, dataId: 123456, ts: TS })).toBe(V1_NO_REQUEST_ID);
    expect(computeWebhookSignature({ secret: SECRET, xRequestId: REQUEST_ID, ts: TS })).toBe(V1_NO_DATA_ID);
    expect(computeWebhookSignature({ secret: SECRET, ts: TS })).toBe(V1_TS_ONLY);
  });

  it("refuses an empty secret", () => {
    expect(() => computeWebhookSignature({ secret: "", ts: TS })).toThrow(TypeError);
  });
});

describe("signWebhook", () => {
  it("produces the x-signature header value", () => {
    expect(signWebhook({ secret: SECRET, dataId: "123456", xRequestId: REQUEST_ID, ts: TS })).toEqual({
      xSignature: `ts=${TS},v1=${V1_FULL}`,
      ts: TS,
      v1: V1_FULL,
    });
  });

  it("defaults ts to the current Unix second and round-trips through verify", () => {
    const before = Math.floor(Date.now() / 1000);
    const { xSignature, ts } = signWebhook({ secret: SECRET, dataId: "ORD01XYZ", xRequestId: "r-1" });
    expect(ts).toBeGreaterThanOrEqual(before);
    expect(ts).toBeLessThan(before + 5);
    expect(
      verifyWebhookSignature({
        secret: SECRET,
        xSignature,
        xRequestId: "r-1",
        dataId: "ORD01XYZ",
        toleranceSeconds: 60,
      }),
    ).toEqual({ ok: true, ts });
  });

  it("refuses a ts in milliseconds-as-float or negative", () => {
    expect(() => signWebhook({ secret: SECRET, ts: 1.5 })).toThrow(RangeError);
    expect(() => signWebhook({ secret: SECRET, ts: -1 })).toThrow(RangeError);
  });
});

describe("verifyWebhookSignature", () => {
  it("accepts a genuine signature", () => {
    expect(verifyWebhookSignature(valid)).toEqual({ ok: true, ts: TS });
  });

  it("accepts an Orders id signed lower-cased, whatever case the query string uses", () => {
    const input = { ...valid, xSignature: `ts=${TS},v1=${V1_ORDER_ID}` };
    expect(verifyWebhookSignature({ ...input, dataId: "ORD01J49MMW3SSBK5PSV3DFR32959" }).ok).toBe(true);
    expect(verifyWebhookSignature({ ...input, dataId: "ord01j49mmw3ssbk5psv3dfr32959" }).ok).toBe(true);
  });

  it("accepts signatures without request id or data id when they are absent", () => {
    expect(
      verifyWebhookSignature({ secret: SECRET, xSignature: `ts=${TS},v1=${V1_NO_REQUEST_ID}`, dataId: 123456 }).ok,
    ).toBe(true);
    expect(
      verifyWebhookSignature({ secret: SECRET, xSignature: `ts=${TS},v1=${V1_NO_DATA_ID}`, xRequestId: REQUEST_ID }).ok,
    ).toBe(true);
  });

  it("tolerates spaces, key order and extra versions in the header", () => {
    expect(verifyWebhookSignature({ ...valid, xSignature: ` v1=${V1_FULL} , ts=${TS}, v2=abc` }).ok).toBe(true);
  });

  it.each([
    ["data id", { dataId: "123457" }],
    ["request id", { xRequestId: "bb56a2f1-6aae-46ac-982e-9dcd3581d08f" }],
    ["missing request id", { xRequestId: undefined }],
    ["secret", { secret: "another-secret" }],
    ["ts", { xSignature: `ts=${TS + 1},v1=${V1_FULL}` }],
    ["hash", { xSignature: `ts=${TS},v1=${V1_FULL.slice(0, -1)}1` }],
    ["hash length", { xSignature: `ts=${TS},v1=${V1_FULL.slice(0, -2)}` }],
    ["hash alphabet", { xSignature: `ts=${TS},v1=${"z".repeat(64)}` }],
  ])("reports SignatureMismatch when the %s is tampered", (_part, change) => {
    expect(verifyWebhookSignature({ ...valid, ...change })).toMatchObject({ ok: false, reason: "SignatureMismatch" });
  });

  it.each([
    ["MissingSignatureHeader", undefined],
    ["MissingSignatureHeader", null],
    ["MissingSignatureHeader", "  "],
    ["MalformedSignatureHeader", "garbage"],
    ["MalformedSignatureHeader", `ts=${TS};v1=${V1_FULL}`],
    ["MalformedSignatureHeader", `ts=,v1=${V1_FULL}`],
    ["MalformedSignatureHeader", `ts=abc,v1=${V1_FULL}`],
    ["MalformedSignatureHeader", `ts=1742505638.5,v1=${V1_FULL}`],
    ["MissingTimestamp", `v1=${V1_FULL}`],
    ["MissingHash", `ts=${TS}`],
    ["MissingHash", `ts=${TS},v2=${V1_FULL}`],
  ])("reports %s for header %j", (reason, xSignature) => {
    expect(verifyWebhookSignature({ ...valid, xSignature })).toMatchObject({ ok: false, reason });
  });

  it("checks the tolerance only when given", () => {
    const muchLater = new Date((TS + 3600) * 1000);
    expect(verifyWebhookSignature({ ...valid, now: muchLater }).ok).toBe(true);
    expect(verifyWebhookSignature({ ...valid, now: muchLater, toleranceSeconds: 300 })).toEqual({
      ok: false,
      reason: "TimestampOutOfTolerance",
      ts: TS,
    });
    expect(verifyWebhookSignature({ ...valid, now: (TS + 300) * 1000, toleranceSeconds: 300 }).ok).toBe(true);
    expect(verifyWebhookSignature({ ...valid, now: (TS - 301) * 1000, toleranceSeconds: 300 })).toMatchObject({
      reason: "TimestampOutOfTolerance",
    });
  });

  it("reports a forged signature as a mismatch even when the timestamp is also stale", () => {
    const forged = { ...valid, secret: "wrong", now: 0, toleranceSeconds: 1 };
    expect(verifyWebhookSignature(forged)).toMatchObject({ reason: "SignatureMismatch" });
  });

  it("throws for a missing secret, a configuration error", () => {
    expect(() => verifyWebhookSignature({ ...valid, secret: "" })).toThrow(TypeError);
  });
});
