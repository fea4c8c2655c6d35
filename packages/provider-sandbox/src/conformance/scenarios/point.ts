// Point terminals, legacy Payment Intent API (`/point/integration-api`):
// amounts in integer cents, intent `state` in upper case.

import type { ConformanceScenario } from "../types";
import { DOC, sdk } from "./sources";

const listDevices = {
  method: "GET",
  path: "/point/integration-api/devices",
  expect: { status: 200, fields: { "devices[0].id": "string" } },
  save: { deviceId: "devices[0].id" },
} as const;

const toPdv = {
  method: "PATCH",
  path: "/point/integration-api/devices/{{deviceId}}",
  body: { operating_mode: "PDV" },
  expect: { status: 200, fields: { operating_mode: { eq: "PDV" } } },
} as const;

const createIntent = {
  method: "POST",
  path: "/point/integration-api/devices/{{deviceId}}/payment-intents",
  body: {
    amount: 1500,
    description: "Coffee",
    payment: { installments: 1, type: "credit_card" },
    additional_info: { external_reference: "pos-1", print_on_terminal: true },
  },
  expect: { status: 201, fields: { id: "string", device_id: { eq: "{{deviceId}}" }, amount: { eq: 1500 } } },
  save: { intentId: "id" },
} as const;

const INTENT = "/point/integration-api/payment-intents/{{intentId}}";

export const POINT_SCENARIOS: ConformanceScenario[] = [
  {
    id: "point.devices",
    title: "devices list with paging; each device has id, pos_id, store_id, external_pos_id and operating_mode",
    operations: ["GET /point/integration-api/devices"],
    sources: [
      sdk("sdk-php", "tests/MercadoPago/Client/Integration/Point/PointClientITTest.php", 168),
      sdk("sdk-dotnet", "src/MercadoPago.Tests/Client/Point/PointClientTest.cs", 90),
      DOC.pointDevices,
    ],
    steps: [
      {
        ...listDevices,
        expect: {
          status: 200,
          fields: {
            devices: { gte: 1 },
            "devices[0].id": "string",
            "devices[0].operating_mode": { oneOf: ["PDV", "STANDALONE"] },
            "devices[0].pos_id": "present",
            "devices[0].store_id": "present",
            "devices[0].external_pos_id": "present",
            "paging.total": "number",
            "paging.offset": "number",
            "paging.limit": "number",
          },
        },
      },
    ],
  },
  {
    id: "point.operating-mode",
    title: "PATCH switches a terminal's operating mode and answers {operating_mode}",
    operations: ["PATCH /point/integration-api/devices/{device_id}"],
    sources: [
      sdk("sdk-php", "tests/MercadoPago/Client/Integration/Point/PointClientITTest.php", 190),
      sdk("sdk-dotnet", "src/MercadoPago.Tests/Client/Point/PointClientTest.cs", 131),
      DOC.pointDevices,
    ],
    steps: [
      listDevices,
      {
        method: "PATCH",
        path: "/point/integration-api/devices/{{deviceId}}",
        body: { operating_mode: "STANDALONE" },
        expect: { status: 200, fields: { operating_mode: { eq: "STANDALONE" } } },
      },
      toPdv,
    ],
  },
  {
    id: "point.intent-create-get-cancel",
    title: "an intent is created OPEN, read back, cancelled while OPEN ({id}) and then CANCELED",
    operations: [
      "POST /point/integration-api/devices/{device_id}/payment-intents",
      "GET /point/integration-api/payment-intents/{payment_intent_id}",
      "DELETE /point/integration-api/devices/{device_id}/payment-intents/{payment_intent_id}",
    ],
    sources: [
      sdk("sdk-java", "src/test/java/com/mercadopago/client/point/PointClientIT.java", 41),
      sdk("sdk-php", "tests/MercadoPago/Client/Integration/Point/PointClientITTest.php", 63),
      sdk("sdk-java", "src/test/java/com/mercadopago/client/point/PointClientTest.java", 146),
      DOC.point,
    ],
    steps: [
      listDevices,
      toPdv,
      createIntent,
      {
        method: "GET",
        path: INTENT,
        expect: {
          status: 200,
          fields: {
            id: { eq: "{{intentId}}" },
            state: { eq: "OPEN" },
            amount: { eq: 1500 },
            "additional_info.external_reference": { eq: "pos-1" },
          },
        },
      },
      {
        method: "DELETE",
        path: "/point/integration-api/devices/{{deviceId}}/payment-intents/{{intentId}}",
        expect: { status: 200, fields: { id: { eq: "{{intentId}}" } } },
      },
      { method: "GET", path: INTENT, expect: { status: 200, fields: { state: { eq: "CANCELED" } } } },
    ],
  },
  {
    id: "point.intent-queue-conflict",
    title: "a terminal with a queued intent refuses a second one: 409",
    operations: ["POST /point/integration-api/devices/{device_id}/payment-intents"],
    sources: [DOC.point],
    steps: [
      listDevices,
      toPdv,
      createIntent,
      { ...createIntent, save: {}, expect: { status: 409 } },
      // Leaves the terminal free for the next scenario run on the same account.
      {
        method: "DELETE",
        path: "/point/integration-api/devices/{{deviceId}}/payment-intents/{{intentId}}",
        expect: { status: 200 },
      },
    ],
  },
  {
    id: "point.intent-events",
    title: "an intent's events and the events of a day list its state changes",
    operations: [
      "GET /point/integration-api/payment-intents/{payment_intent_id}/events",
      "GET /point/integration-api/payment-intents/events",
    ],
    sources: [
      sdk("sdk-php", "tests/MercadoPago/Client/Integration/Point/PointClientITTest.php", 116),
      sdk("sdk-php", "tests/MercadoPago/Client/Integration/Point/PointClientITTest.php", 144),
      sdk("sdk-dotnet", "src/MercadoPago.Tests/Client/Point/PointClientTest.cs", 175),
      DOC.point,
    ],
    vars: { today: "{{date.today}}" },
    steps: [
      listDevices,
      toPdv,
      createIntent,
      {
        method: "DELETE",
        path: "/point/integration-api/devices/{{deviceId}}/payment-intents/{{intentId}}",
        expect: { status: 200 },
      },
      {
        method: "GET",
        path: `${INTENT}/events`,
        expect: { status: 200, fields: { status: "string", created_on: "string" } },
      },
      {
        method: "GET",
        path: "/point/integration-api/payment-intents/events?startDate={{date.today}}&endDate={{date.today}}",
        expect: {
          status: 200,
          fields: {
            events: { gte: 1 },
            "events[0].payment_intent_id": "string",
            "events[0].status": "string",
            "events[0].created_on": "string",
          },
        },
      },
    ],
  },
  {
    id: "point.intent-paid-on-terminal",
    title: "an intent paid on the terminal ends FINISHED with the payment's id",
    operations: ["GET /point/integration-api/payment-intents/{payment_intent_id}"],
    sources: [DOC.point],
    steps: [
      listDevices,
      toPdv,
      createIntent,
      {
        kind: "control",
        method: "POST",
        path: "/__sandbox/point/devices/{{deviceId}}/tap",
        body: { cardholder: "APRO" },
        expect: { status: 200 },
      },
      {
        method: "GET",
        path: INTENT,
        expect: { status: 200, fields: { state: { eq: "FINISHED" }, "payment.id": "integer" } },
      },
    ],
  },
  {
    id: "point.cancel-missing",
    title: "cancelling an unknown intent is refused",
    operations: ["DELETE /point/integration-api/devices/{device_id}/payment-intents/{payment_intent_id}"],
    sources: [DOC.point],
    steps: [
      listDevices,
      {
        method: "DELETE",
        path: "/point/integration-api/devices/{{deviceId}}/payment-intents/7f25f9aa-eea6-4f9c-bf16-a341f71ba2f1",
        expect: { status: [400, 404] },
      },
    ],
  },
];
