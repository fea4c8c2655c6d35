import { describe, expect, it } from "vitest";
import type { Schemas } from "../schemas";
import { callerFor } from "../test-support/api-client";
import { startQuietSandbox, useSandbox } from "../test-support/use-sandbox";

const sandbox = await useSandbox(startQuietSandbox, { resetBeforeEach: true });
const call = callerFor(sandbox);
const OTHER_SELLER = "TEST-3333333333333333-333333-33333333333333333333333333333333-7770003";

const API = "/point/integration-api";

async function control(path: string, body: unknown = {}): Promise<Response> {
  return fetch(`${sandbox.url}/__sandbox/point${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function devices(token?: string): Promise<Schemas["PointDevice"][]> {
  const res = await call("GET", `${API}/devices`, undefined, token);
  expect(res.status).toBe(200);
  return ((await res.json()) as Schemas["DeviceList"]).devices;
}

async function pdvDevice(): Promise<string> {
  const found = (await devices()).find((d) => d.operating_mode === "PDV");
  if (!found) throw new Error("no PDV device");
  return found.id;
}

async function createIntent(deviceId: string, amount = 1500): Promise<Schemas["PaymentIntent"]> {
  const res = await call("POST", `${API}/devices/${deviceId}/payment-intents`, {
    amount,
    description: "coffee",
    payment: { installments: 1, type: "credit_card" },
    additional_info: { external_reference: "pos-42", print_on_terminal: true },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Schemas["PaymentIntent"];
}

describe("devices", () => {
  it("gives every seller three terminals, one of them STANDALONE, with store and POS filters", async () => {
    const all = await devices();
    expect(all).toHaveLength(3);
    for (const device of all) expect(device.id).toMatch(/^[A-Z0-9_]+__[A-Z0-9]+$/);
    expect(all.filter((d) => d.operating_mode === "STANDALONE")).toHaveLength(1);

    const first = all[0];
    if (!first) throw new Error("no device");
    const byStore = await call("GET", `${API}/devices?store_id=${String(first.store_id)}`);
    const storeList = (await byStore.json()) as Schemas["DeviceList"];
    expect(storeList.devices.length).toBeGreaterThan(0);
    expect(storeList.devices.every((d) => String(d.store_id) === String(first.store_id))).toBe(true);

    const byPos = (await (
      await call("GET", `${API}/devices?pos_id=${String(first.pos_id)}`)
    ).json()) as Schemas["DeviceList"];
    expect(byPos.devices.map((d) => d.id)).toEqual([first.id]);

    const page = (await (await call("GET", `${API}/devices?limit=1&offset=1`)).json()) as Schemas["DeviceList"];
    expect(page.devices).toHaveLength(1);
    expect(page.paging).toEqual({ total: 3, limit: 1, offset: 1 });
  });

  it("keeps terminals per seller", async () => {
    const mine = (await devices()).map((d) => d.id);
    const theirs = (await devices(OTHER_SELLER)).map((d) => d.id);
    expect(theirs.some((id) => mine.includes(id))).toBe(false);
    const res = await call("PATCH", `${API}/devices/${mine[0]}`, { operating_mode: "STANDALONE" }, OTHER_SELLER);
    expect(res.status).toBe(404);
  });

  it("changes the operating mode, and only PDV terminals take intents", async () => {
    const deviceId = await pdvDevice();
    const res = await call("PATCH", `${API}/devices/${deviceId}`, { operating_mode: "STANDALONE" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ operating_mode: "STANDALONE" });
    expect((await devices()).find((d) => d.id === deviceId)?.operating_mode).toBe("STANDALONE");

    const refused = await call("POST", `${API}/devices/${deviceId}/payment-intents`, { amount: 1000 });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toContain("PDV");

    await call("PATCH", `${API}/devices/${deviceId}`, { operating_mode: "PDV" });
    await createIntent(deviceId);
  });

  it("rejects an unknown operating mode through the spec", async () => {
    const deviceId = await pdvDevice();
    const res = await call("PATCH", `${API}/devices/${deviceId}`, { operating_mode: "ROBOT" });
    expect(res.status).toBe(400);
  });
});

describe("payment intents", () => {
  it("creates an intent without state, then reads it OPEN", async () => {
    const deviceId = await pdvDevice();
    const intent = await createIntent(deviceId, 175);
    expect(intent).toMatchObject({ device_id: deviceId, amount: 175, description: "coffee" });
    expect(intent).not.toHaveProperty("state");
    const res = await call("GET", `${API}/payment-intents/${intent.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: intent.id, state: "OPEN", amount: 175 });
    const other = await call("GET", `${API}/payment-intents/${intent.id}`, undefined, OTHER_SELLER);
    expect(other.status).toBe(404);
  });

  it("refuses non-integer amounts through the spec", async () => {
    const deviceId = await pdvDevice();
    const res = await call("POST", `${API}/devices/${deviceId}/payment-intents`, { amount: 15.5 });
    expect(res.status).toBe(400);
  });

  it("holds one queued intent per terminal (409 conflict_error)", async () => {
    const deviceId = await pdvDevice();
    await createIntent(deviceId);
    const second = await call("POST", `${API}/devices/${deviceId}/payment-intents`, { amount: 2000 });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ error: "conflict_error", status: 409 });
  });

  it("cancels only OPEN intents; a cancelled or unknown intent answers code 101", async () => {
    const deviceId = await pdvDevice();
    const intent = await createIntent(deviceId);
    const cancel = await call("DELETE", `${API}/devices/${deviceId}/payment-intents/${intent.id}`);
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toEqual({ id: intent.id });
    expect((await (await call("GET", `${API}/payment-intents/${intent.id}`)).json()).state).toBe("CANCELED");

    const again = await call("DELETE", `${API}/devices/${deviceId}/payment-intents/${intent.id}`);
    expect(again.status).toBe(400);
    expect((await again.json()).cause[0].code).toBe("101");

    const unknown = await call(
      "DELETE",
      `${API}/devices/${deviceId}/payment-intents/7f25f9aa-eea6-4f9c-bf16-a341f71ba2f1`,
    );
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).cause[0].code).toBe("101");

    // The terminal is free again, and an intent already on the terminal cannot be cancelled by API.
    const next = await createIntent(deviceId);
    expect((await control(`/intents/${next.id}/advance`, { to: "ON_TERMINAL" })).status).toBe(200);
    const late = await call("DELETE", `${API}/devices/${deviceId}/payment-intents/${next.id}`);
    expect(late.status).toBe(409);
  });

  it("walks the happy path to FINISHED and creates the /v1/payments payment", async () => {
    const deviceId = await pdvDevice();
    const intent = await createIntent(deviceId, 2550);
    const res = await control(`/intents/${intent.id}/advance`, { to: "FINISHED", cardholder: "APRO" });
    expect(res.status).toBe(200);
    const finished = (await res.json()) as Schemas["PaymentIntent"];
    expect(finished.state).toBe("FINISHED");
    const paymentId = finished.payment?.id;
    expect(typeof paymentId).toBe("number");

    const payment = await call("GET", `/v1/payments/${String(paymentId)}`);
    expect(payment.status).toBe(200);
    expect(await payment.json()).toMatchObject({
      id: paymentId,
      status: "approved",
      operation_type: "pos_payment",
      transaction_amount: 25.5,
      external_reference: "pos-42",
    });

    const latest = await call("GET", `${API}/payment-intents/${intent.id}/events`);
    expect(await latest.json()).toMatchObject({ status: "FINISHED" });

    const hooks = sandbox.control
      .deliveries()
      .filter((d) => d.topic === "point_integration_wh" && d.dataId === intent.id);
    expect(hooks.map((d) => d.action)).toEqual([
      "payment_intent.on_terminal",
      "payment_intent.processing",
      "payment_intent.processed",
      "payment_intent.finished",
    ]);

    // Final states do not move again.
    expect((await control(`/intents/${intent.id}/advance`, { to: "CANCELED" })).status).toBe(409);
  });

  it("taps a declined card on a terminal: FINISHED with a rejected payment", async () => {
    const deviceId = await pdvDevice();
    const intent = await createIntent(deviceId);
    const res = await control(`/devices/${deviceId}/tap`, { cardholder: "OTHE" });
    expect(res.status).toBe(200);
    const finished = (await res.json()) as Schemas["PaymentIntent"];
    expect(finished).toMatchObject({ id: intent.id, state: "FINISHED" });
    expect(finished.payment?.state).toBe("rejected");
    const payment = await call("GET", `/v1/payments/${String(finished.payment?.id)}`);
    expect((await payment.json()).status).toBe("rejected");
    expect((await control(`/devices/${deviceId}/tap`)).status).toBe(404);
  });

  it("refuses control moves backwards or to unknown states", async () => {
    const deviceId = await pdvDevice();
    const intent = await createIntent(deviceId);
    await control(`/intents/${intent.id}/advance`, { to: "PROCESSING" });
    expect((await control(`/intents/${intent.id}/advance`, { to: "ON_TERMINAL" })).status).toBe(409);
    expect((await control(`/intents/${intent.id}/advance`, { to: "DONE" })).status).toBe(400);
    expect((await control(`/intents/7f25f9aa-eea6-4f9c-bf16-a341f71ba2f1/advance`, { to: "FINISHED" })).status).toBe(
      404,
    );
  });

  it("abandons an intent no terminal fetched within 15 minutes", async () => {
    const deviceId = await pdvDevice();
    const intent = await createIntent(deviceId);
    await sandbox.control.advanceClock({ minutes: 14 });
    expect((await (await call("GET", `${API}/payment-intents/${intent.id}`)).json()).state).toBe("OPEN");
    await sandbox.control.advanceClock({ minutes: 2 });
    expect((await (await call("GET", `${API}/payment-intents/${intent.id}`)).json()).state).toBe("ABANDONED");
    // The terminal takes a new intent.
    await createIntent(deviceId);
  });

  it("lists the latest state of each intent in a date range", async () => {
    const deviceId = await pdvDevice();
    const first = await createIntent(deviceId);
    await call("DELETE", `${API}/devices/${deviceId}/payment-intents/${first.id}`);
    const second = await createIntent(deviceId);
    const today = sandbox.control.now().toISOString().slice(0, 10);

    const res = await call("GET", `${API}/payment-intents/events?startDate=${today}&endDate=${today}`);
    expect(res.status).toBe(200);
    const { events } = (await res.json()) as Schemas["PaymentIntentEventList"];
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ payment_intent_id: first.id, status: "CANCELED" }),
        expect.objectContaining({ payment_intent_id: second.id, status: "OPEN" }),
      ]),
    );
    expect(events).toHaveLength(2);

    const empty = await call("GET", `${API}/payment-intents/events?startDate=2001-01-01&endDate=2001-01-02`);
    expect((await empty.json()).events).toEqual([]);
    const reversed = await call("GET", `${API}/payment-intents/events?startDate=2001-02-01&endDate=2001-01-01`);
    expect(reversed.status).toBe(400);
    const tooLong = await call("GET", `${API}/payment-intents/events?startDate=2001-01-01&endDate=2001-03-15`);
    expect(tooLong.status).toBe(400);
    const missing = await call("GET", `${API}/payment-intents/events?startDate=2001-01-01`);
    expect(missing.status).toBe(400);
  });
});
