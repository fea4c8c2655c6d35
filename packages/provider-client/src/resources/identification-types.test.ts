import { describe, expect, it } from "vitest";
import { createRecordingClient, respondJson, wireOf } from "./test-support";

describe("identificationTypes", () => {
  it("list sends GET /v1/identification_types and resolves the array", async () => {
    const types = [{ id: "CPF", name: "CPF", type: "number", min_length: 11, max_length: 11 }];
    const { client, last } = createRecordingClient(respondJson(types));
    await expect(client.identificationTypes.list()).resolves.toEqual(types);
    expect(wireOf(last())).toEqual({ method: "GET", path: "/v1/identification_types", search: "", body: undefined });
  });
});
