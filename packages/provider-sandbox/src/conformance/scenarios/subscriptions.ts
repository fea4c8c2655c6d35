// Subscriptions: plans (`/preapproval_plan`), subscriptions (`/preapproval`)
// and their charges (`/authorized_payments`).

import type { ConformanceScenario } from "../types";
import { DOC, sdk } from "./sources";
import { cardToken, classicErrorFields } from "./steps";

const RECURRING = { frequency: 1, frequency_type: "months", transaction_amount: 10, currency_id: "{{currency}}" };

const createPlan = {
  method: "POST",
  path: "/preapproval_plan/",
  body: { reason: "Conformance plan {{ref}}", back_url: "https://seller.example/back", auto_recurring: RECURRING },
  expect: { status: 201, fields: { id: "string" } },
  save: { planId: "id" },
} as const;

const createPending = {
  method: "POST",
  path: "/preapproval/",
  body: {
    reason: "test",
    external_reference: "{{ref}}",
    payer_email: "{{email}}",
    back_url: "https://seller.example/back",
    auto_recurring: RECURRING,
    status: "pending",
  },
  expect: { status: 201, fields: { id: "string" } },
  save: { subscriptionId: "id", payerId: "payer_id" },
} as const;

const createAuthorized = {
  method: "POST",
  path: "/preapproval/",
  body: {
    reason: "test",
    external_reference: "{{ref}}",
    payer_email: "{{email}}",
    back_url: "https://seller.example/back",
    auto_recurring: RECURRING,
    card_token_id: "{{token}}",
    status: "authorized",
  },
  expect: { status: 201, fields: { status: { eq: "authorized" } } },
  save: { subscriptionId: "id" },
} as const;

const PLAN_FIELDS = {
  id: "string",
  status: { eq: "active" },
  reason: "string",
  back_url: { eq: "https://seller.example/back" },
  date_created: "string",
  collector_id: "number",
  last_modified: "string",
  init_point: "string",
  "auto_recurring.frequency": { eq: 1 },
  "auto_recurring.frequency_type": { eq: "months" },
  "auto_recurring.transaction_amount": { eq: 10 },
  "auto_recurring.currency_id": { eq: "{{currency}}" },
} as const;

const SUBSCRIPTION_FIELDS = {
  id: "string",
  status: "string",
  reason: "string",
  external_reference: { eq: "{{ref}}" },
  payer_email: "string",
  back_url: "string",
  date_created: "string",
  payer_id: "number",
  collector_id: "number",
  last_modified: "string",
  init_point: "string",
  "auto_recurring.frequency": { eq: 1 },
  "auto_recurring.frequency_type": { eq: "months" },
  "auto_recurring.transaction_amount": "number",
  "auto_recurring.currency_id": { eq: "{{currency}}" },
} as const;

const SUBSCRIPTION = "/preapproval/{{subscriptionId}}";

export const SUBSCRIPTION_SCENARIOS: ConformanceScenario[] = [
  {
    id: "plans.create",
    title: "a plan is created active with its recurrence and an init_point",
    operations: ["POST /preapproval_plan/"],
    sources: [
      sdk("sdk-nodejs", "e2e/preApprovalPlan/create.spec.ts", 25),
      sdk("sdk-go", "test/integration/preapproval_plan/preapproval_plan_test.go", 45),
      DOC.plans,
    ],
    vars: { ref: "{{uuid}}" },
    steps: [{ ...createPlan, expect: { status: 201, fields: PLAN_FIELDS } }],
  },
  {
    id: "plans.get-update",
    title: "GET returns the plan; PUT changes its reason and amount",
    operations: ["GET /preapproval_plan/{id}", "PUT /preapproval_plan/{id}"],
    sources: [
      sdk("sdk-nodejs", "e2e/preApprovalPlan/get.spec.ts", 28),
      sdk("sdk-nodejs", "e2e/preApprovalPlan/update.spec.ts", 33),
    ],
    vars: { ref: "{{uuid}}" },
    steps: [
      createPlan,
      {
        method: "GET",
        path: "/preapproval_plan/{{planId}}",
        expect: { status: 200, fields: { ...PLAN_FIELDS, id: { eq: "{{planId}}" } } },
      },
      {
        method: "PUT",
        path: "/preapproval_plan/{{planId}}",
        body: { reason: "Updated plan", auto_recurring: { ...RECURRING, transaction_amount: 20 } },
        expect: {
          status: 200,
          fields: { ...PLAN_FIELDS, reason: { eq: "Updated plan" }, "auto_recurring.transaction_amount": { eq: 20 } },
        },
      },
    ],
  },
  {
    id: "plans.search",
    title: "search by status answers results and paging {total, limit, offset}",
    operations: ["GET /preapproval_plan/search"],
    sources: [sdk("sdk-nodejs", "e2e/preApprovalPlan/search.spec.ts", 27)],
    vars: { ref: "{{uuid}}" },
    steps: [
      createPlan,
      {
        method: "GET",
        path: "/preapproval_plan/search?status=active",
        expect: {
          status: 200,
          fields: {
            results: { gte: 1 },
            "results[0].status": { eq: "active" },
            "paging.total": "number",
            "paging.limit": "number",
            "paging.offset": "number",
          },
        },
      },
    ],
  },
  {
    id: "subscriptions.create-pending",
    title: "a subscription without a card is created pending, with an init_point for the payer",
    operations: ["POST /preapproval/"],
    sources: [
      sdk("sdk-nodejs", "e2e/preApproval/create.spec.ts", 30),
      sdk("sdk-go", "test/integration/preapproval/preapproval_test.go", 35),
      DOC.subscriptions,
    ],
    vars: { ref: "{{uuid}}" },
    steps: [
      {
        ...createPending,
        expect: {
          status: 201,
          fields: { ...SUBSCRIPTION_FIELDS, status: { eq: "pending" }, payer_email: { eq: "{{email}}" } },
        },
      },
    ],
  },
  {
    id: "subscriptions.get-search-update",
    title: "GET and search by payer_id find the subscription; PUT changes reason, reference and amount",
    operations: ["GET /preapproval/{id}", "GET /preapproval/search", "PUT /preapproval/{id}"],
    sources: [
      sdk("sdk-nodejs", "e2e/preApproval/get.spec.ts", 34),
      sdk("sdk-nodejs", "e2e/preApproval/search.spec.ts", 30),
      sdk("sdk-nodejs", "e2e/preApproval/update.spec.ts", 37),
    ],
    vars: { ref: "{{uuid}}" },
    steps: [
      createPending,
      {
        method: "GET",
        path: SUBSCRIPTION,
        expect: {
          status: 200,
          fields: { ...SUBSCRIPTION_FIELDS, id: { eq: "{{subscriptionId}}" }, status: { eq: "pending" } },
        },
      },
      {
        method: "GET",
        path: "/preapproval/search?payer_id={{payerId}}",
        expect: { status: 200, fields: { "results[0].payer_id": { eq: "{{payerId}}" }, "paging.total": { gte: 1 } } },
      },
      {
        method: "PUT",
        path: SUBSCRIPTION,
        body: {
          reason: "update test",
          external_reference: "{{ref}}-2",
          auto_recurring: { transaction_amount: 20, currency_id: "{{currency}}" },
        },
        expect: {
          status: 200,
          fields: {
            reason: { eq: "update test" },
            external_reference: { eq: "{{ref}}-2" },
            "auto_recurring.transaction_amount": { eq: 20 },
          },
        },
      },
    ],
  },
  {
    id: "subscriptions.authorized-needs-card",
    title: "an authorized subscription without a plan needs card_token_id: 400",
    operations: ["POST /preapproval/"],
    sources: [DOC.subscriptions],
    vars: { ref: "{{uuid}}" },
    steps: [
      {
        ...createPending,
        body: { ...createPending.body, status: "authorized" },
        save: {},
        expect: { status: 400, fields: classicErrorFields(400) },
      },
    ],
  },
  {
    id: "subscriptions.pause-resume-cancel",
    title: "an authorized subscription pauses, resumes and cancels; cancelled is final",
    operations: ["PUT /preapproval/{id}"],
    sources: [DOC.subscriptionsUpdate, DOC.subscriptions],
    vars: { ref: "{{uuid}}" },
    steps: [
      cardToken("APRO"),
      createAuthorized,
      {
        method: "PUT",
        path: SUBSCRIPTION,
        body: { status: "paused" },
        expect: { status: 200, fields: { status: { eq: "paused" } } },
      },
      {
        method: "PUT",
        path: SUBSCRIPTION,
        body: { status: "authorized" },
        expect: { status: 200, fields: { status: { eq: "authorized" } } },
      },
      {
        method: "PUT",
        path: SUBSCRIPTION,
        body: { status: "cancelled" },
        expect: { status: 200, fields: { status: { eq: "cancelled" } } },
      },
      {
        method: "PUT",
        path: SUBSCRIPTION,
        body: { status: "authorized" },
        expect: { status: 400, fields: classicErrorFields(400) },
      },
      { method: "GET", path: SUBSCRIPTION, expect: { status: 200, fields: { status: { eq: "cancelled" } } } },
    ],
  },
  {
    id: "subscriptions.from-plan",
    title: "a subscription to a plan takes the plan's recurrence",
    operations: ["POST /preapproval/"],
    sources: [DOC.subscriptions, DOC.plans],
    vars: { ref: "{{uuid}}" },
    steps: [
      createPlan,
      cardToken("APRO"),
      {
        method: "POST",
        path: "/preapproval/",
        body: {
          preapproval_plan_id: "{{planId}}",
          reason: "from plan",
          external_reference: "{{ref}}",
          payer_email: "{{email}}",
          card_token_id: "{{token}}",
          status: "authorized",
        },
        expect: {
          status: 201,
          fields: {
            preapproval_plan_id: { eq: "{{planId}}" },
            status: { eq: "authorized" },
            "auto_recurring.transaction_amount": { eq: 10 },
          },
        },
      },
    ],
  },
  {
    id: "invoices.charge-search-get",
    title: "an authorized subscription's charge is an authorized payment found by preapproval_id and by id",
    operations: ["GET /authorized_payments/search", "GET /authorized_payments/{id}"],
    sources: [
      sdk("sdk-dotnet", "src/MercadoPago.Tests/Client/AuthorizedPayment/AuthorizedPaymentClientUnitTest.cs", 84),
      sdk("sdk-php", "tests/MercadoPago/Client/Unit/Invoice/InvoiceClientUnitTest.php", 32),
      DOC.invoices,
    ],
    vars: { ref: "{{uuid}}" },
    steps: [
      cardToken("APRO"),
      createAuthorized,
      {
        kind: "control",
        method: "POST",
        path: "/__sandbox/clock/advance",
        body: { minutes: 1 },
        expect: { status: 200 },
      },
      {
        method: "GET",
        path: "/authorized_payments/search?preapproval_id={{subscriptionId}}",
        expect: {
          status: 200,
          fields: {
            results: { gte: 1 },
            "results[0].preapproval_id": { eq: "{{subscriptionId}}" },
            "results[0].id": "integer",
            "paging.total": { gte: 1 },
          },
        },
        save: { invoiceId: "results[0].id" },
      },
      {
        method: "GET",
        path: "/authorized_payments/{{invoiceId}}",
        expect: {
          status: 200,
          fields: {
            id: { eq: "{{invoiceId}}" },
            preapproval_id: { eq: "{{subscriptionId}}" },
            transaction_amount: { eq: 10 },
            currency_id: { eq: "{{currency}}" },
            status: { eq: "processed" },
            date_created: "string",
            "payment.id": "integer",
            "payment.status": { eq: "approved" },
          },
        },
        save: { chargeId: "payment.id" },
      },
      // provider: each charge is an ordinary payment of the seller's.
      {
        method: "GET",
        path: "/v1/payments/{{chargeId}}",
        expect: { status: 200, fields: { status: { eq: "approved" }, transaction_amount: { eq: 10 } } },
      },
    ],
  },
  {
    id: "invoices.get-missing",
    title: "an unknown authorized payment is a 404",
    operations: ["GET /authorized_payments/{id}"],
    sources: [DOC.invoices],
    steps: [
      { method: "GET", path: "/authorized_payments/1", expect: { status: 404, fields: { status: { eq: 404 } } } },
    ],
  },
  {
    id: "subscriptions.webhook",
    title: "authorizing a subscription notifies topic subscription_preapproval",
    operations: ["POST /preapproval/"],
    sources: [DOC.webhooks],
    vars: { ref: "{{uuid}}" },
    steps: [
      cardToken("APRO"),
      {
        ...createAuthorized,
        body: { ...createAuthorized.body, notification_url: "http://127.0.0.1:9/conformance-hook" },
      },
      {
        kind: "control",
        method: "GET",
        path: "/__sandbox/webhooks?topic=subscription_preapproval&data_id={{subscriptionId}}",
        expect: {
          status: 200,
          fields: {
            "deliveries[0].body.type": { eq: "subscription_preapproval" },
            "deliveries[0].body.data.id": { eq: "{{subscriptionId}}" },
          },
        },
      },
    ],
  },
];
