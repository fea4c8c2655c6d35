import { describe, expect, it } from "vitest";
import { createRecordingClient, respondJson, wire, wireOf } from "../test-support/recording-client";

const DEVICE_ID = "PAX_A910__SMARTPOS1234345545";
const INTENT_ID = "7f25f9aa-eea6-4f9c-bf16-a341f71ba2f1";
const INTENT = { id: INTENT_ID, device_id: DEVICE_ID, amount: 1500, state: "OPEN" };

describe("point", () => {
  it("devices sends GET /point/integration-api/devices with the query", async () => {
    const list = { devices: [{ id: DEVICE_ID, operating_mode: "PDV" }], paging: { total: 1, offset: 0, limit: 50 } };
    const { client, last } = createRecordingClient(respondJson(list));
    await expect(client.point.devices({ store_id: "store-1", pos_id: 7 })).resolves.toEqual(list);
    expect(wireOf(last())).toEqual(
      wire("GET", "/point/integration-api/devices", { search: "?store_id=store-1&pos_id=7" }),
    );
  });

  it("devices without a query sends no query string", async () => {
    const { client, last } = createRecordingClient(respondJson({ devices: [] }));
    await client.point.devices();
    expect(last().search).toBe("");
  });

  it("setOperatingMode sends PATCH /point/integration-api/devices/{device_id} with {operating_mode}", async () => {
    const { client, last } = createRecordingClient(respondJson({ operating_mode: "PDV" }));
    await expect(client.point.setOperatingMode(DEVICE_ID, "PDV")).resolves.toEqual({ operating_mode: "PDV" });
    expect(wireOf(last())).toEqual(
      wire("PATCH", `/point/integration-api/devices/${DEVICE_ID}`, { body: { operating_mode: "PDV" } }),
    );
  });

  it("createIntent sends POST /point/integration-api/devices/{device_id}/payment-intents with the body", async () => {
    const { client, last } = createRecordingClient(respondJson(INTENT, 201));
    const body = { amount: 1500, description: "Table 4", additional_info: { external_reference: "table-4" } };
    await expect(client.point.createIntent(DEVICE_ID, body)).resolves.toEqual(INTENT);
    expect(wireOf(last())).toEqual(
      wire("POST", `/point/integration-api/devices/${DEVICE_ID}/payment-intents`, { body }),
    );
  });

  it("cancelIntent sends DELETE /point/integration-api/devices/{device_id}/payment-intents/{payment_intent_id}", async () => {
    const { client, last } = createRecordingClient(respondJson({ id: INTENT_ID }));
    await expect(client.point.cancelIntent(DEVICE_ID, INTENT_ID)).resolves.toEqual({ id: INTENT_ID });
    expect(wireOf(last())).toEqual(
      wire("DELETE", `/point/integration-api/devices/${DEVICE_ID}/payment-intents/${INTENT_ID}`),
    );
  });

  it("getIntent sends GET /point/integration-api/payment-intents/{payment_intent_id}", async () => {
    const { client, last } = createRecordingClient(respondJson(INTENT));
    await client.point.getIntent(INTENT_ID);
    expect(wireOf(last())).toEqual(wire("GET", `/point/integration-api/payment-intents/${INTENT_ID}`));
  });

  it("intentEvents sends GET /point/integration-api/payment-intents/{payment_intent_id}/events", async () => {
    const status = { status: "FINISHED", created_on: "2024-05-01" };
    const { client, last } = createRecordingClient(respondJson(status));
    await expect(client.point.intentEvents(INTENT_ID)).resolves.toEqual(status);
    expect(wireOf(last())).toEqual(wire("GET", `/point/integration-api/payment-intents/${INTENT_ID}/events`));
  });

  it("events sends GET /point/integration-api/payment-intents/events with camelCase startDate and endDate", async () => {
    const list = { events: [{ payment_intent_id: INTENT_ID, status: "FINISHED", created_on: "2024-05-01" }] };
    const { client, last } = createRecordingClient(respondJson(list));
    await expect(client.point.events({ startDate: "2024-05-01", endDate: "2024-05-31" })).resolves.toEqual(list);
    expect(wireOf(last())).toEqual(
      wire("GET", "/point/integration-api/payment-intents/events", {
        search: "?startDate=2024-05-01&endDate=2024-05-31",
      }),
    );
  });
});
