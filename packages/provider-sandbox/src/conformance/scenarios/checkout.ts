// Checkout Pro preferences and merchant orders (`/checkout/preferences`, `/merchant_orders`).

import type { ConformanceScenario } from "../types";
import { DOC, sdk } from "./sources";
import { classicErrorFields } from "./steps";

const createPreference = {
  method: "POST",
  path: "/checkout/preferences/",
  body: {
    items: [
      {
        id: "4567",
        category_id: "car_electronics",
        currency_id: "{{currency}}",
        description: "Dummy create",
        title: "Dummy Title",
        quantity: 1,
        unit_price: 10,
      },
    ],
    external_reference: "{{ref}}",
  },
  expect: { status: 201, fields: { id: "string" } },
  save: { preferenceId: "id" },
} as const;

const createMerchantOrder = {
  method: "POST",
  path: "/merchant_orders",
  body: { preference_id: "{{preferenceId}}" },
  expect: { status: 201, fields: { id: "integer" } },
  save: { merchantOrderId: "id" },
} as const;

const MERCHANT_ORDER_FIELDS = {
  id: "integer",
  preference_id: { eq: "{{preferenceId}}" },
  status: "string",
  site_id: { eq: "{{site}}" },
  collector: "object",
  date_created: "string",
  last_updated: "string",
  shipping_cost: "number",
  total_amount: "number",
  paid_amount: "number",
  refunded_amount: "number",
  cancelled: "boolean",
  order_status: "string",
  is_test: "boolean",
} as const;

const PREFERENCE_FIELDS = {
  id: "string",
  init_point: "string",
  sandbox_init_point: "string",
  client_id: "string",
  collector_id: "number",
  date_created: "string",
  site_id: { eq: "{{site}}" },
  "items[0].id": { eq: "4567" },
  "items[0].title": "string",
  "items[0].currency_id": { eq: "{{currency}}" },
  "items[0].quantity": { eq: 1 },
  "items[0].unit_price": { eq: 10 },
} as const;

export const PREFERENCE_SCENARIOS: ConformanceScenario[] = [
  {
    id: "preferences.create",
    title: "a preference gets an id, init points, the seller as collector and its items back",
    operations: ["POST /checkout/preferences/"],
    sources: [
      sdk("sdk-nodejs", "e2e/preference/create.spec.ts", 30),
      sdk("sdk-go", "test/integration/preference/preference_test.go", 34),
      DOC.preferences,
    ],
    vars: { ref: "conf-{{uuid}}" },
    steps: [
      {
        ...createPreference,
        expect: { status: 201, fields: { ...PREFERENCE_FIELDS, external_reference: { eq: "{{ref}}" } } },
      },
    ],
  },
  {
    id: "preferences.create-without-items",
    title: "a preference without items is a classic 400",
    operations: ["POST /checkout/preferences/"],
    sources: [DOC.preferences],
    steps: [
      {
        method: "POST",
        path: "/checkout/preferences/",
        body: { external_reference: "no-items" },
        expect: { status: 400, fields: classicErrorFields(400) },
      },
    ],
  },
  {
    id: "preferences.get-update",
    title: "GET returns the preference; PUT replaces its items",
    operations: ["GET /checkout/preferences/{id}", "PUT /checkout/preferences/{id}"],
    sources: [
      sdk("sdk-nodejs", "e2e/preference/get.spec.ts", 24),
      sdk("sdk-nodejs", "e2e/preference/update.spec.ts", 43),
    ],
    vars: { ref: "conf-{{uuid}}" },
    steps: [
      createPreference,
      {
        method: "GET",
        path: "/checkout/preferences/{{preferenceId}}",
        expect: { status: 200, fields: { ...PREFERENCE_FIELDS, id: { eq: "{{preferenceId}}" } } },
      },
      {
        method: "PUT",
        path: "/checkout/preferences/{{preferenceId}}",
        body: {
          items: [{ id: "4567", title: "Updated Title", currency_id: "{{currency}}", quantity: 2, unit_price: 15 }],
        },
        expect: {
          status: 200,
          fields: {
            id: { eq: "{{preferenceId}}" },
            "items[0].title": { eq: "Updated Title" },
            "items[0].quantity": { eq: 2 },
            "items[0].unit_price": { eq: 15 },
          },
        },
      },
    ],
  },
  {
    id: "preferences.get-missing",
    title: "an unknown preference id is a 404",
    operations: ["GET /checkout/preferences/{id}"],
    sources: [DOC.preferences],
    steps: [
      {
        method: "GET",
        path: "/checkout/preferences/1-00000000-0000-0000-0000-000000000000",
        expect: { status: 404, fields: { message: "string", status: { eq: 404 } } },
      },
    ],
  },
  {
    id: "preferences.search",
    title: "search answers {elements, next_offset, total} with preference summaries",
    operations: ["GET /checkout/preferences/search"],
    sources: [sdk("sdk-nodejs", "e2e/preference/search.spec.ts", 11), DOC.preferencesSearch],
    vars: { ref: "conf-{{uuid}}" },
    steps: [
      createPreference,
      {
        method: "GET",
        path: "/checkout/preferences/search?external_reference={{ref}}",
        expect: {
          status: 200,
          fields: {
            elements: { length: 1 },
            next_offset: "number",
            total: { eq: 1 },
            "elements[0].id": { eq: "{{preferenceId}}" },
            "elements[0].client_id": "string",
            "elements[0].collector_id": "number",
            "elements[0].date_created": "string",
            "elements[0].expires": "boolean",
            "elements[0].live_mode": "boolean",
            "elements[0].marketplace": "string",
            "elements[0].operation_type": "string",
            "elements[0].site_id": { eq: "{{site}}" },
          },
        },
      },
    ],
  },
];

export const MERCHANT_ORDER_SCENARIOS: ConformanceScenario[] = [
  {
    id: "merchant-orders.create",
    title: "a merchant order made for a preference starts open with nothing paid",
    operations: ["POST /merchant_orders"],
    sources: [
      sdk("sdk-nodejs", "e2e/merchantOrder/create.spec.ts", 34),
      sdk("sdk-go", "test/integration/merchantorder/merchant_order_test.go", 67),
      DOC.merchantOrders,
    ],
    vars: { ref: "conf-{{uuid}}" },
    steps: [
      createPreference,
      {
        ...createMerchantOrder,
        expect: { status: 201, fields: { ...MERCHANT_ORDER_FIELDS, paid_amount: { eq: 0 }, cancelled: { eq: false } } },
      },
    ],
  },
  {
    id: "merchant-orders.get-update",
    title: "GET returns the merchant order; PUT sets its notification_url",
    operations: ["GET /merchant_orders/{merchantOrderId}", "PUT /merchant_orders/{merchantOrderId}"],
    sources: [
      sdk("sdk-nodejs", "e2e/merchantOrder/get.spec.ts", 36),
      sdk("sdk-nodejs", "e2e/merchantOrder/update.spec.ts", 41),
    ],
    vars: { ref: "conf-{{uuid}}" },
    steps: [
      createPreference,
      createMerchantOrder,
      {
        method: "GET",
        path: "/merchant_orders/{{merchantOrderId}}",
        expect: { status: 200, fields: { ...MERCHANT_ORDER_FIELDS, id: { eq: "{{merchantOrderId}}" } } },
      },
      {
        method: "PUT",
        path: "/merchant_orders/{{merchantOrderId}}",
        body: { notification_url: "https://seller.example/notifications" },
        expect: {
          status: 200,
          fields: { ...MERCHANT_ORDER_FIELDS, notification_url: { eq: "https://seller.example/notifications" } },
        },
      },
    ],
  },
  {
    id: "merchant-orders.search",
    title: "search by preference_id answers {elements, next_offset, total}",
    operations: ["GET /merchant_orders/search"],
    sources: [
      sdk("sdk-nodejs", "e2e/merchantOrder/search.spec.ts", 42),
      sdk("sdk-go", "test/integration/merchantorder/merchant_order_test.go", 150),
    ],
    vars: { ref: "conf-{{uuid}}" },
    steps: [
      createPreference,
      createMerchantOrder,
      {
        method: "GET",
        path: "/merchant_orders/search?preference_id={{preferenceId}}",
        expect: {
          status: 200,
          fields: {
            elements: { length: 1 },
            next_offset: "number",
            total: { eq: 1 },
            "elements[0].id": { eq: "{{merchantOrderId}}" },
            "elements[0].preference_id": { eq: "{{preferenceId}}" },
          },
        },
      },
    ],
  },
  {
    id: "merchant-orders.get-missing",
    title: "an unknown merchant order is a 404",
    operations: ["GET /merchant_orders/{merchantOrderId}"],
    sources: [DOC.merchantOrders],
    steps: [{ method: "GET", path: "/merchant_orders/1", expect: { status: 404, fields: { status: { eq: 404 } } } }],
  },
];
