import { describe, expect, it } from "vitest";
import { createRecordingClient, respondJson, wire, wireOf } from "../test-support/recording-client";

describe("paymentMethods", () => {
  it("list sends GET /v1/payment_methods and resolves the array", async () => {
    const methods = [{ id: "visa", name: "Visa", payment_type_id: "credit_card", status: "active" }];
    const { client, last } = createRecordingClient(respondJson(methods));
    await expect(client.paymentMethods.list()).resolves.toEqual(methods);
    expect(wireOf(last())).toEqual(wire("GET", "/v1/payment_methods"));
  });
});
