// The Orders API (`/v1/orders`): amounts as decimal strings, its own status
// vocabulary and its own error shape (`{errors: [...]}`).

import type { ConformanceScenario } from "../types";
import { DOC, sdk } from "./sources";
import { cardToken, createOrder, createOrderWithTransaction, orderBody, ordersErrorFields } from "./steps";

const ORDER = "/v1/orders/{{orderId}}";

export const ORDER_SCENARIOS: ConformanceScenario[] = [
  {
    id: "orders.create-automatic",
    title: "an automatic order paid with an APRO card is processed / accredited, amounts as strings",
    operations: ["POST /v1/orders"],
    sources: [
      sdk("sdk-nodejs", "e2e/order/create.spec.ts", 35),
      sdk("sdk-go", "test/integration/order/order_test.go", 157),
      DOC.orders,
    ],
    steps: [
      cardToken("APRO"),
      {
        ...createOrder(),
        expect: {
          status: 201,
          fields: {
            id: { match: "^ORD" },
            type: { eq: "online" },
            status: { eq: "processed" },
            status_detail: { eq: "accredited" },
            total_amount: { eq: "200.00" },
            external_reference: { eq: "ext_ref_1234" },
            "transactions.payments[0].id": "string",
            "transactions.payments[0].amount": { eq: "200.00" },
            "transactions.payments[0].status": { eq: "processed" },
            "transactions.payments[0].payment_method.id": { eq: "visa" },
          },
        },
      },
    ],
  },
  {
    id: "orders.get",
    title: "GET returns the order as created",
    operations: ["GET /v1/orders/{id}"],
    sources: [
      sdk("sdk-nodejs", "e2e/order/get.spec.ts", 36),
      sdk("sdk-go", "test/integration/order/order_test.go", 102),
    ],
    steps: [
      cardToken("APRO"),
      createOrder(),
      {
        method: "GET",
        path: ORDER,
        expect: {
          status: 200,
          fields: {
            id: { eq: "{{orderId}}" },
            type: { eq: "online" },
            total_amount: { eq: "200.00" },
            "transactions.payments[0].amount": { eq: "200.00" },
          },
        },
      },
    ],
  },
  {
    id: "orders.get-missing",
    title: "an unknown order is a 404 order_not_found in the Orders error shape",
    operations: ["GET /v1/orders/{id}"],
    sources: [DOC.ordersErrors],
    steps: [
      {
        method: "GET",
        path: "/v1/orders/ORD00000000000000000000000000",
        expect: { status: 404, fields: ordersErrorFields("order_not_found") },
      },
    ],
  },
  {
    id: "orders.declined",
    title: "a declined card makes create answer 402 failed, with the failed order in data",
    operations: ["POST /v1/orders"],
    sources: [DOC.ordersErrors, DOC.ordersStatus, DOC.testCards],
    steps: [
      cardToken("OTHE"),
      {
        method: "POST",
        path: "/v1/orders",
        body: orderBody(),
        expect: { status: 402, fields: { ...ordersErrorFields("failed"), "data.status": { eq: "failed" } } },
      },
    ],
  },
  {
    id: "orders.idempotency-required",
    title: "creating an order without X-Idempotency-Key is a 400 empty_required_header",
    operations: ["POST /v1/orders"],
    sources: [DOC.ordersErrors],
    steps: [
      cardToken("APRO"),
      {
        method: "POST",
        path: "/v1/orders",
        idempotencyKey: false,
        body: orderBody(),
        expect: { status: 400, fields: ordersErrorFields("empty_required_header") },
      },
    ],
  },
  {
    id: "orders.idempotency-replay-and-conflict",
    title: "same key and body replays the order; same key with another body is a 409 idempotency_key_already_used",
    operations: ["POST /v1/orders"],
    sources: [DOC.ordersErrors, DOC.idempotencyNews],
    vars: { key: "{{uuid}}" },
    steps: [
      cardToken("APRO"),
      { ...createOrder(), idempotencyKey: "{{key}}" },
      {
        method: "POST",
        path: "/v1/orders",
        idempotencyKey: "{{key}}",
        body: orderBody(),
        expect: { status: 201, fields: { id: { eq: "{{orderId}}" } } },
      },
      {
        method: "POST",
        path: "/v1/orders",
        idempotencyKey: "{{key}}",
        body: orderBody({ amount: "150.00" }),
        expect: { status: 409, fields: ordersErrorFields("idempotency_key_already_used") },
      },
    ],
  },
  {
    id: "orders.manual-transactions-process",
    title: "a manual order takes its payment through /transactions and is charged by /process",
    operations: ["POST /v1/orders/{id}/transactions", "POST /v1/orders/{id}/process"],
    sources: [
      sdk("sdk-nodejs", "e2e/order/transaction/create.spec.ts", 38),
      sdk("sdk-nodejs", "e2e/order/process.spec.ts", 51),
      sdk("sdk-php", "tests/MercadoPago/Client/Integration/Order/OrderTransactionClientITTest.php", 34),
    ],
    steps: [
      cardToken("APRO"),
      {
        ...createOrder({ processingMode: "manual", amount: "100.00", withPayment: false }),
        expect: { status: 201, fields: { status: { eq: "created" } } },
      },
      {
        method: "POST",
        path: `${ORDER}/transactions`,
        body: {
          payments: [
            {
              amount: "100.00",
              payment_method: { id: "visa", type: "credit_card", token: "{{token}}", installments: 1 },
            },
          ],
        },
        expect: {
          status: 201,
          fields: {
            "payments[0].id": "string",
            "payments[0].amount": { eq: "100.00" },
            "payments[0].payment_method.id": { eq: "visa" },
          },
        },
      },
      {
        method: "POST",
        path: `${ORDER}/process`,
        expect: {
          status: 200,
          fields: {
            id: { eq: "{{orderId}}" },
            status: { eq: "processed" },
            status_detail: { eq: "accredited" },
            "transactions.payments[0].amount": { eq: "100.00" },
          },
        },
      },
    ],
  },
  {
    id: "orders.update-transaction",
    title: "PUT on a manual order's transaction changes its installments",
    operations: ["PUT /v1/orders/{id}/transactions/{transactionId}"],
    sources: [
      sdk("sdk-nodejs", "e2e/order/transaction/update.spec.ts", 48),
      sdk("sdk-go", "test/integration/order/order_test.go", 267),
    ],
    steps: [
      cardToken("APRO"),
      createOrderWithTransaction({ processingMode: "manual", amount: "100.00" }),
      {
        method: "PUT",
        path: `${ORDER}/transactions/{{transactionId}}`,
        body: {
          amount: "100.00",
          payment_method: { id: "visa", type: "credit_card", token: "{{token}}", installments: 3 },
        },
        expect: { status: 200, fields: { "payment_method.installments": { eq: 3 } } },
      },
    ],
  },
  {
    id: "orders.delete-transaction",
    title: "DELETE removes a manual order's transaction with a 204 and no body",
    operations: ["DELETE /v1/orders/{id}/transactions/{transactionId}"],
    sources: [
      sdk("sdk-nodejs", "e2e/order/transaction/delete.spec.ts", 51),
      sdk("sdk-php", "tests/MercadoPago/Client/Integration/Order/OrderTransactionClientITTest.php", 141),
    ],
    steps: [
      cardToken("APRO"),
      createOrderWithTransaction({ processingMode: "manual", amount: "100.00" }),
      { method: "DELETE", path: `${ORDER}/transactions/{{transactionId}}`, expect: { status: 204 } },
      { method: "GET", path: ORDER, expect: { status: 200, fields: { "transactions.payments[0]": "absent" } } },
    ],
  },
  {
    id: "orders.capture-manual",
    title: "capture_mode manual waits for capture (action_required / waiting_capture); /capture processes it",
    operations: ["POST /v1/orders/{id}/capture"],
    sources: [
      sdk("sdk-nodejs", "e2e/order/capture.spec.ts", 49),
      sdk("sdk-go", "test/integration/order/order_test.go", 323),
      DOC.ordersStatus,
    ],
    steps: [
      cardToken("APRO"),
      {
        ...createOrder({ captureMode: "manual" }),
        expect: {
          status: 201,
          fields: { status: { eq: "action_required" }, status_detail: { eq: "waiting_capture" } },
        },
      },
      {
        method: "POST",
        path: `${ORDER}/capture`,
        expect: {
          status: 200,
          fields: {
            id: { eq: "{{orderId}}" },
            status: { eq: "processed" },
            status_detail: { eq: "accredited" },
            "transactions.payments[0].status": { eq: "processed" },
          },
        },
      },
    ],
  },
  {
    id: "orders.cancel-waiting-capture",
    title: "/cancel releases an order waiting for capture: canceled, and its payment too",
    operations: ["POST /v1/orders/{id}/cancel"],
    sources: [
      sdk("sdk-nodejs", "e2e/order/cancel.spec.ts", 49),
      sdk("sdk-go", "test/integration/order/order_test.go", 379),
      DOC.ordersStatus,
    ],
    steps: [
      cardToken("APRO"),
      createOrder({ captureMode: "manual" }),
      {
        method: "POST",
        path: `${ORDER}/cancel`,
        expect: {
          status: 200,
          fields: {
            status: { eq: "canceled" },
            status_detail: { eq: "canceled" },
            "transactions.payments[0].status": { eq: "canceled" },
            "transactions.payments[0].amount": { eq: "200.00" },
          },
        },
      },
    ],
  },
  {
    id: "orders.cancel-processed-refused",
    title: "a processed order cannot be canceled: 409 in the Orders error shape",
    operations: ["POST /v1/orders/{id}/cancel"],
    sources: [DOC.ordersErrors, DOC.ordersStatus],
    steps: [
      cardToken("APRO"),
      createOrder(),
      { method: "POST", path: `${ORDER}/cancel`, expect: { status: 409, fields: { "errors[0].code": "string" } } },
    ],
  },
  {
    id: "orders.refund-partial",
    title: "a partial refund of one transaction leaves the order processed / partially_refunded",
    operations: ["POST /v1/orders/{id}/refund"],
    sources: [sdk("sdk-nodejs", "e2e/order/refund.spec.ts", 58), DOC.ordersStatus],
    steps: [
      cardToken("APRO"),
      createOrderWithTransaction(),
      {
        method: "POST",
        path: `${ORDER}/refund`,
        body: { transactions: [{ id: "{{transactionId}}", amount: "25.00" }] },
        expect: {
          status: [200, 201],
          fields: {
            status: { eq: "processed" },
            status_detail: { eq: "partially_refunded" },
            "transactions.refunds[0].amount": { eq: "25.00" },
            "transactions.refunds[0].status": { eq: "processed" },
          },
        },
      },
    ],
  },
  {
    id: "orders.refund-total",
    title: "a refund without a body refunds everything: refunded / refunded; a second one is refused",
    operations: ["POST /v1/orders/{id}/refund"],
    sources: [
      sdk("sdk-nodejs", "e2e/order/refund.spec.ts", 75),
      sdk("sdk-go", "test/integration/order/order_test.go", 484),
      DOC.ordersErrors,
    ],
    steps: [
      cardToken("APRO"),
      createOrder(),
      {
        method: "POST",
        path: `${ORDER}/refund`,
        expect: {
          status: [200, 201],
          fields: {
            status: { eq: "refunded" },
            status_detail: { eq: "refunded" },
            "transactions.refunds[0].amount": { eq: "200.00" },
            "transactions.refunds[0].status": { eq: "processed" },
          },
        },
      },
      { method: "POST", path: `${ORDER}/refund`, expect: { status: 409, fields: { "errors[0].code": "string" } } },
    ],
  },
  {
    id: "orders.json-syntax-error",
    title: "a body that is not JSON is a 400 json_syntax_error in the Orders error shape",
    operations: ["POST /v1/orders"],
    sources: [DOC.ordersErrors],
    steps: [
      {
        method: "POST",
        path: "/v1/orders",
        rawBody: '{"type": "online",',
        expect: { status: 400, fields: ordersErrorFields("json_syntax_error") },
      },
    ],
  },
  {
    id: "orders.unsupported-property",
    title: "a property the Orders API does not know is a 400 unsupported_properties",
    operations: ["POST /v1/orders"],
    sources: [DOC.ordersErrors],
    steps: [
      cardToken("APRO"),
      {
        method: "POST",
        path: "/v1/orders",
        body: { ...orderBody(), colour: "blue" },
        expect: { status: 400, fields: ordersErrorFields("unsupported_properties") },
      },
    ],
  },
  {
    id: "orders.idempotency-key-too-long",
    title: "an X-Idempotency-Key longer than 128 characters is a 400 invalid_idempotency_key_length",
    operations: ["POST /v1/orders"],
    sources: [DOC.ordersErrors],
    steps: [
      cardToken("APRO"),
      {
        method: "POST",
        path: "/v1/orders",
        idempotencyKey: "k".repeat(129),
        body: orderBody(),
        expect: { status: 400, fields: ordersErrorFields("invalid_idempotency_key_length") },
      },
    ],
  },
  {
    id: "orders.refund-missing-transaction",
    title: "refunding a transaction the order does not have is refused and refunds nothing",
    operations: ["POST /v1/orders/{id}/refund"],
    sources: [DOC.ordersErrors],
    steps: [
      cardToken("APRO"),
      createOrder(),
      {
        method: "POST",
        path: `${ORDER}/refund`,
        body: { transactions: [{ id: "PAY00000000000000000000000000", amount: "10.00" }] },
        expect: { status: [400, 404, 409] },
      },
      {
        method: "GET",
        path: ORDER,
        expect: { status: 200, fields: { status: { eq: "processed" }, status_detail: { eq: "accredited" } } },
      },
    ],
  },
];
