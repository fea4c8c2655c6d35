import { describe, expect, it } from "vitest";
import { createRecordingClient, respondJson, wire, wireOf } from "../test-support/recording-client";

describe("identificationTypes", () => {
  it("list sends GET /v1/identification_types and resolves the array", async () => {
    const types = [{ id: "CPF", name: "CPF", type: "number", min_length: 11, max_length: 11 }];
    const { client, last } = createRecordingClient(respondJson(types));
    await expect(client.identificationTypes.list()).resolves.toEqual(types);
    expect(wireOf(last())).toEqual(wire("GET", "/v1/identification_types"));
  });
});
