// Payments and refunds (`/v1/payments`, `/v1/payments/{id}/refunds`).

import type { ConformanceScenario } from "../types";
import { DOC, sdk } from "./sources";
import { cardPayment, cardToken, classicErrorFields } from "./steps";

const PAYMENT = "/v1/payments/{{paymentId}}";

export const PAYMENT_SCENARIOS: ConformanceScenario[] = [
  {
    id: "payments.create-approved-card",
    title: "a card payment with an APRO token is approved and accredited, amounts as numbers",
    operations: ["POST /v1/payments", "POST /v1/card_tokens"],
    sources: [
      sdk("sdk-nodejs", "e2e/payment/create.spec.ts", 45),
      sdk("sdk-go", "test/integration/payment/payment_test.go", 33),
      DOC.testCards,
    ],
    steps: [
      cardToken("APRO"),
      {
        ...cardPayment(),
        expect: {
          status: 201,
          fields: {
            id: "integer",
            status: { eq: "approved" },
            status_detail: { eq: "accredited" },
            transaction_amount: { eq: 110 },
            collector_id: "number",
            date_created: "string",
            payment_method_id: { eq: "visa" },
            payment_type_id: { eq: "credit_card" },
            captured: { eq: true },
            currency_id: { eq: "{{currency}}" },
            payer: "object",
          },
        },
      },
    ],
  },
  {
    id: "payments.create-declined-card",
    title: "OTHE declines: 201 with status rejected / cc_rejected_other_reason, not an HTTP error",
    operations: ["POST /v1/payments"],
    sources: [DOC.testCards, DOC.paymentStatus],
    steps: [
      cardToken("OTHE"),
      {
        ...cardPayment(),
        expect: {
          status: 201,
          fields: { status: { eq: "rejected" }, status_detail: { eq: "cc_rejected_other_reason" } },
        },
      },
    ],
  },
  {
    id: "payments.create-pending-contingency",
    title: "CONT leaves the payment in_process / pending_contingency",
    operations: ["POST /v1/payments"],
    sources: [DOC.testCards, DOC.paymentStatus],
    steps: [
      cardToken("CONT"),
      {
        ...cardPayment(),
        expect: { status: 201, fields: { status: { eq: "in_process" }, status_detail: { eq: "pending_contingency" } } },
      },
    ],
  },
  {
    id: "payments.create-missing-amount",
    title: "a payment without transaction_amount is a classic 400 that names the field",
    operations: ["POST /v1/payments"],
    sources: [DOC.paymentsCreate],
    steps: [
      cardToken("APRO"),
      {
        method: "POST",
        path: "/v1/payments",
        body: { token: "{{token}}", installments: 1, payment_method_id: "visa", payer: { email: "{{email}}" } },
        expect: {
          status: 400,
          fields: { ...classicErrorFields(400, "bad_request"), message: { match: "transaction_amount" } },
        },
      },
    ],
  },
  {
    id: "payments.unauthorized",
    title: "an unknown access token is a classic 401",
    operations: ["GET /v1/payments/search"],
    sources: [
      DOC.paymentsSearch,
      sdk("sdk-java", "src/test/java/com/mercadopago/net/MPDefaultHttpClientTypedExceptionTest.java", 86),
    ],
    steps: [
      {
        method: "GET",
        path: "/v1/payments/search",
        token: "not-a-token",
        expect: { status: 401, fields: { message: "string", status: { eq: 401 } } },
      },
    ],
  },
  {
    id: "payments.get",
    title: "GET returns the created payment with the same id and amount",
    operations: ["GET /v1/payments/{id}"],
    sources: [
      sdk("sdk-nodejs", "e2e/payment/get.spec.ts", 44),
      sdk("sdk-go", "test/integration/payment/payment_test.go", 80),
    ],
    steps: [
      cardToken("APRO"),
      cardPayment(),
      {
        method: "GET",
        path: PAYMENT,
        expect: {
          status: 200,
          fields: {
            id: { eq: "{{paymentId}}" },
            transaction_amount: { eq: 110 },
            status: { eq: "approved" },
            date_last_updated: "string",
            refunds: "array",
          },
        },
      },
    ],
  },
  {
    id: "payments.get-missing",
    title: "an unknown payment id is a classic 404",
    operations: ["GET /v1/payments/{id}"],
    sources: [DOC.paymentsGet],
    steps: [
      { method: "GET", path: "/v1/payments/1", expect: { status: 404, fields: classicErrorFields(404, "not_found") } },
    ],
  },
  {
    id: "payments.search-external-reference",
    title: "search by external_reference finds the payment, with results and paging",
    operations: ["GET /v1/payments/search"],
    sources: [sdk("sdk-nodejs", "e2e/payment/search.spec.ts", 28), DOC.paymentsSearch],
    vars: { ref: "conf-{{uuid}}" },
    steps: [
      cardToken("APRO"),
      cardPayment({ extra: { external_reference: "{{ref}}" } }),
      {
        method: "GET",
        path: "/v1/payments/search?external_reference={{ref}}",
        expect: {
          status: 200,
          fields: {
            results: { length: 1 },
            "results[0].id": { eq: "{{paymentId}}" },
            "results[0].external_reference": { eq: "{{ref}}" },
            "paging.total": { eq: 1 },
            "paging.limit": "number",
            "paging.offset": "number",
          },
        },
      },
    ],
  },
  {
    id: "payments.search-paging",
    title: "search pages with limit and offset; paging.total counts every match",
    operations: ["GET /v1/payments/search"],
    sources: [DOC.paymentsSearch, sdk("sdk-nodejs", "e2e/payment/search.spec.ts", 12)],
    vars: { ref: "conf-{{uuid}}" },
    steps: [
      cardToken("APRO"),
      cardPayment({ extra: { external_reference: "{{ref}}" } }),
      cardToken("APRO"),
      cardPayment({ extra: { external_reference: "{{ref}}" }, saveAs: "secondId" }),
      {
        method: "GET",
        path: "/v1/payments/search?external_reference={{ref}}&sort=date_created&criteria=desc&limit=1&offset=1",
        expect: {
          status: 200,
          fields: {
            results: { length: 1 },
            "results[0].id": { eq: "{{paymentId}}" },
            "paging.total": { eq: 2 },
            "paging.limit": { eq: 1 },
            "paging.offset": { eq: 1 },
          },
        },
      },
    ],
  },
  {
    id: "payments.search-by-id",
    title: "search filtered by id finds exactly that payment",
    operations: ["GET /v1/payments/search"],
    sources: [sdk("sdk-ruby", "tests/test_payment.rb", 92), DOC.paymentsSearch],
    steps: [
      cardToken("APRO"),
      cardPayment(),
      {
        method: "GET",
        path: "/v1/payments/search?id={{paymentId}}",
        expect: { status: 200, fields: { "paging.total": { eq: 1 }, "results[0].id": { eq: "{{paymentId}}" } } },
      },
    ],
  },
  {
    id: "payments.idempotent-create",
    title: "the same X-Idempotency-Key and body replays the first payment instead of creating a second",
    operations: ["POST /v1/payments", "GET /v1/payments/search"],
    sources: [DOC.idempotencyNews],
    vars: { key: "{{uuid}}", ref: "conf-{{uuid}}" },
    steps: [
      cardToken("APRO"),
      { ...cardPayment({ extra: { external_reference: "{{ref}}" } }), idempotencyKey: "{{key}}" },
      {
        method: "POST",
        path: "/v1/payments",
        idempotencyKey: "{{key}}",
        body: {
          transaction_amount: 110,
          token: "{{token}}",
          installments: 1,
          payment_method_id: "visa",
          payer: { email: "{{email}}" },
          external_reference: "{{ref}}",
        },
        expect: { status: [200, 201], fields: { id: { eq: "{{paymentId}}" } } },
      },
      {
        method: "GET",
        path: "/v1/payments/search?external_reference={{ref}}",
        expect: { status: 200, fields: { "paging.total": { eq: 1 } } },
      },
    ],
  },
  {
    id: "payments.cancel-in-process",
    title: "PUT {status: cancelled} cancels a payment that is not yet approved",
    operations: ["PUT /v1/payments/{id}"],
    sources: [
      sdk("sdk-nodejs", "e2e/payment/cancel.spec.ts", 37),
      sdk("sdk-go", "test/integration/payment/payment_test.go", 115),
      DOC.refundsAndCancellations,
    ],
    steps: [
      cardToken("CONT"),
      cardPayment(),
      {
        method: "PUT",
        path: PAYMENT,
        body: { status: "cancelled" },
        expect: { status: 200, fields: { id: { eq: "{{paymentId}}" }, status: { eq: "cancelled" } } },
      },
      { method: "GET", path: PAYMENT, expect: { status: 200, fields: { status: { eq: "cancelled" } } } },
    ],
  },
  {
    id: "payments.cancel-approved-refused",
    title: "an approved payment cannot be cancelled (it must be refunded): 400",
    operations: ["PUT /v1/payments/{id}"],
    sources: [DOC.refundsAndCancellations],
    steps: [
      cardToken("APRO"),
      cardPayment(),
      {
        method: "PUT",
        path: PAYMENT,
        body: { status: "cancelled" },
        expect: { status: 400, fields: classicErrorFields(400) },
      },
      { method: "GET", path: PAYMENT, expect: { status: 200, fields: { status: { eq: "approved" } } } },
    ],
  },
  {
    id: "payments.authorize-then-capture-partial",
    title: "capture:false reserves (authorized / pending_capture); PUT {capture, transaction_amount} captures less",
    operations: ["PUT /v1/payments/{id}", "POST /v1/payments"],
    sources: [
      sdk("sdk-nodejs", "e2e/payment/capture.spec.ts", 41),
      sdk("sdk-go", "test/integration/payment/payment_test.go", 198),
      DOC.capture,
    ],
    steps: [
      cardToken("APRO"),
      {
        ...cardPayment({ extra: { capture: false } }),
        expect: {
          status: 201,
          fields: { status: { eq: "authorized" }, status_detail: { eq: "pending_capture" }, captured: { eq: false } },
        },
      },
      {
        method: "PUT",
        path: PAYMENT,
        body: { capture: true, transaction_amount: 40 },
        expect: {
          status: 200,
          fields: {
            id: { eq: "{{paymentId}}" },
            transaction_amount: { eq: 40 },
            status: { eq: "approved" },
            captured: { eq: true },
            transaction_amount_refunded: "number",
          },
        },
      },
    ],
  },
  {
    id: "payments.capture-full",
    title: "PUT {capture: true} without an amount captures the whole reservation",
    operations: ["PUT /v1/payments/{id}"],
    sources: [sdk("sdk-nodejs", "e2e/payment/capture.spec.ts", 115), DOC.capture],
    steps: [
      cardToken("APRO"),
      cardPayment({ extra: { capture: false } }),
      {
        method: "PUT",
        path: PAYMENT,
        body: { capture: true },
        expect: {
          status: 200,
          fields: { transaction_amount: { eq: 110 }, captured: { eq: true }, status_detail: { eq: "accredited" } },
        },
      },
    ],
  },
  {
    id: "payments.webhook-on-create",
    title: "creating a payment notifies its notification_url with topic payment and action payment.created",
    operations: ["POST /v1/payments"],
    sources: [DOC.webhooks],
    steps: [
      cardToken("APRO"),
      cardPayment({ extra: { notification_url: "http://127.0.0.1:9/conformance-hook" } }),
      {
        kind: "control",
        method: "GET",
        path: "/__sandbox/webhooks?topic=payment&data_id={{paymentId}}",
        expect: {
          status: 200,
          fields: {
            "deliveries[0].body.action": { eq: "payment.created" },
            "deliveries[0].body.type": { eq: "payment" },
            "deliveries[0].body.data.id": { match: "^{{paymentId}}$" },
            "deliveries[0].url": { match: "data.id={{paymentId}}&type=payment" },
          },
        },
      },
    ],
  },
  {
    id: "payments.settle-pending",
    title: "a payment left in_process is approved later (the sandbox's settle plays the provider's review)",
    operations: ["GET /v1/payments/{id}"],
    sources: [DOC.paymentStatus, DOC.testCards],
    steps: [
      cardToken("CONT"),
      cardPayment(),
      {
        kind: "control",
        method: "POST",
        path: "/__sandbox/payments/{{paymentId}}/settle",
        body: { outcome: "approve" },
        expect: { status: 200 },
      },
      {
        method: "GET",
        path: PAYMENT,
        expect: {
          status: 200,
          fields: { status: { eq: "approved" }, status_detail: { eq: "accredited" }, date_approved: "string" },
        },
      },
    ],
  },
  {
    id: "payments.malformed-json",
    title: "a body that is not JSON is a classic 400, never a 500",
    operations: ["POST /v1/payments"],
    sources: [DOC.paymentsCreate],
    steps: [
      {
        method: "POST",
        path: "/v1/payments",
        rawBody: '{"transaction_amount": ',
        expect: { status: 400, fields: classicErrorFields(400) },
      },
    ],
  },
  {
    id: "refunds.webhook-payment-updated",
    title: "a refund notifies the payment's notification_url with payment.updated",
    operations: ["POST /v1/payments/{payment_id}/refunds"],
    sources: [DOC.webhooks],
    steps: [
      cardToken("APRO"),
      cardPayment({ extra: { notification_url: "http://127.0.0.1:9/conformance-hook" } }),
      { method: "POST", path: `${PAYMENT}/refunds`, body: { amount: 5 }, expect: { status: 201 } },
      {
        kind: "control",
        method: "GET",
        path: "/__sandbox/webhooks?topic=payment&data_id={{paymentId}}",
        expect: {
          status: 200,
          fields: { deliveries: { length: 2 }, "deliveries[1].body.action": { eq: "payment.updated" } },
        },
      },
    ],
  },
];

const REFUND_FIELDS = {
  id: "integer",
  payment_id: { eq: "{{paymentId}}" },
  amount: "number",
  date_created: "string",
  status: "string",
  "source.id": "string",
  "source.name": "string",
  "source.type": "string",
  refund_mode: "string",
  adjustment_amount: "number",
  amount_refunded_to_payer: "number",
} as const;

export const REFUND_SCENARIOS: ConformanceScenario[] = [
  {
    id: "refunds.partial",
    title: "a partial refund keeps the payment approved / partially_refunded and grows transaction_amount_refunded",
    operations: ["POST /v1/payments/{payment_id}/refunds"],
    sources: [sdk("sdk-nodejs", "e2e/paymentRefund/create.spec.ts", 53), DOC.refunds, DOC.paymentStatus],
    steps: [
      cardToken("APRO"),
      cardPayment(),
      {
        method: "POST",
        path: `${PAYMENT}/refunds`,
        body: { amount: 10 },
        expect: { status: 201, fields: { ...REFUND_FIELDS, amount: { eq: 10 } } },
        save: { refundId: "id" },
      },
      {
        method: "GET",
        path: PAYMENT,
        expect: {
          status: 200,
          fields: {
            status: { eq: "approved" },
            status_detail: { eq: "partially_refunded" },
            transaction_amount_refunded: { eq: 10 },
            refunds: { length: 1 },
          },
        },
      },
    ],
  },
  {
    id: "refunds.total",
    title: "an empty body refunds everything: refunded / refunded",
    operations: ["POST /v1/payments/{payment_id}/refunds"],
    sources: [
      sdk("sdk-nodejs", "e2e/paymentRefund/total.spec.ts", 28),
      sdk("sdk-ruby", "tests/test_refund.rb", 38),
      DOC.refunds,
    ],
    steps: [
      cardToken("APRO"),
      cardPayment(),
      {
        method: "POST",
        path: `${PAYMENT}/refunds`,
        body: {},
        expect: { status: 201, fields: { ...REFUND_FIELDS, amount: { eq: 110 }, status: { eq: "approved" } } },
      },
      {
        method: "GET",
        path: PAYMENT,
        expect: {
          status: 200,
          fields: {
            status: { eq: "refunded" },
            status_detail: { eq: "refunded" },
            transaction_amount_refunded: { eq: 110 },
          },
        },
      },
    ],
  },
  {
    id: "refunds.list-and-get",
    title: "the refunds list (trailing slash) and GET one refund return what was created",
    operations: ["GET /v1/payments/{payment_id}/refunds/", "GET /v1/payments/{payment_id}/refunds/{refund_id}"],
    sources: [
      sdk("sdk-nodejs", "e2e/paymentRefund/list.spec.ts", 58),
      sdk("sdk-ruby", "tests/test_refund.rb", 46),
      sdk("sdk-nodejs", "e2e/paymentRefund/get.spec.ts", 60),
    ],
    steps: [
      cardToken("APRO"),
      cardPayment(),
      {
        method: "POST",
        path: `${PAYMENT}/refunds`,
        body: { amount: 25 },
        expect: { status: 201 },
        save: { refundId: "id" },
      },
      {
        method: "GET",
        path: `${PAYMENT}/refunds/`,
        expect: {
          status: 200,
          fields: { "": { length: 1 }, "[0].id": { eq: "{{refundId}}" }, "[0].payment_id": { eq: "{{paymentId}}" } },
        },
      },
      {
        method: "GET",
        path: `${PAYMENT}/refunds/{{refundId}}`,
        expect: { status: 200, fields: { ...REFUND_FIELDS, id: { eq: "{{refundId}}" }, amount: { eq: 25 } } },
      },
    ],
  },
  {
    id: "refunds.over-amount",
    title: "refunding more than what is left is a 400 and refunds nothing",
    operations: ["POST /v1/payments/{payment_id}/refunds"],
    sources: [DOC.refunds, DOC.refundsAndCancellations],
    steps: [
      cardToken("APRO"),
      cardPayment(),
      {
        method: "POST",
        path: `${PAYMENT}/refunds`,
        body: { amount: 500 },
        expect: { status: 400, fields: classicErrorFields(400) },
      },
      {
        method: "GET",
        path: PAYMENT,
        expect: {
          status: 200,
          fields: { status_detail: { eq: "accredited" }, transaction_amount_refunded: { eq: 0 } },
        },
      },
    ],
  },
  {
    id: "refunds.rejected-payment",
    title: "a rejected payment cannot be refunded: 400",
    operations: ["POST /v1/payments/{payment_id}/refunds"],
    sources: [DOC.refunds, DOC.refundsAndCancellations],
    steps: [
      cardToken("OTHE"),
      cardPayment(),
      {
        method: "POST",
        path: `${PAYMENT}/refunds`,
        body: {},
        expect: { status: 400, fields: classicErrorFields(400) },
      },
    ],
  },
  {
    id: "refunds.idempotent",
    title: "a refund retried with the same X-Idempotency-Key refunds once",
    operations: ["POST /v1/payments/{payment_id}/refunds"],
    sources: [DOC.idempotencyNews],
    vars: { key: "{{uuid}}" },
    steps: [
      cardToken("APRO"),
      cardPayment(),
      {
        method: "POST",
        path: `${PAYMENT}/refunds`,
        idempotencyKey: "{{key}}",
        body: { amount: 10 },
        expect: { status: 201 },
        save: { refundId: "id" },
      },
      {
        method: "POST",
        path: `${PAYMENT}/refunds`,
        idempotencyKey: "{{key}}",
        body: { amount: 10 },
        expect: { status: [200, 201], fields: { id: { eq: "{{refundId}}" } } },
      },
      { method: "GET", path: PAYMENT, expect: { status: 200, fields: { transaction_amount_refunded: { eq: 10 } } } },
    ],
  },
];
