// Provider behaviour the sandbox was corrected to show (branch h-sbx-fidelity,
// FIDELITY.md "Corrections"), and differences found by this suite that no
// correction addresses yet (FIDELITY.md "Pending"). Each scenario states what
// the official SDKs' end-to-end tests observe against the real provider.

import type { ApiStep, ConformanceScenario } from "../types";
import { DOC, sdk } from "./sources";
import { cardPayment, cardToken, createOrder, createOrderWithTransaction } from "./steps";

const RECURRING = { frequency: 1, frequency_type: "months", transaction_amount: 10, currency_id: "{{currency}}" };

const createCustomer: ApiStep = {
  method: "POST",
  path: "/v1/customers",
  body: { email: "{{email}}", first_name: "Jhon", last_name: "Doe" },
  expect: { status: 201 },
  save: { customerId: "id" },
};

export const CORRECTION_SCENARIOS: ConformanceScenario[] = [
  {
    id: "corrections.plan-application-id",
    title: "a plan carries the application_id (a number) of the app whose token created it",
    operations: ["POST /preapproval_plan/", "GET /preapproval_plan/{id}"],
    sources: [
      sdk("sdk-nodejs", "e2e/preApprovalPlan/create.spec.ts", 32),
      sdk("sdk-nodejs", "e2e/preApprovalPlan/get.spec.ts", 35),
    ],
    steps: [
      {
        method: "POST",
        path: "/preapproval_plan/",
        body: { reason: "Plan", back_url: "https://seller.example/back", auto_recurring: RECURRING },
        expect: { status: 201, fields: { application_id: "number" } },
        save: { planId: "id" },
      },
      {
        method: "GET",
        path: "/preapproval_plan/{{planId}}",
        expect: { status: 200, fields: { application_id: "number" } },
      },
    ],
  },
  {
    id: "corrections.subscription-application-id",
    title: "a subscription carries the application_id (a number) of the app whose token created it",
    operations: ["POST /preapproval/"],
    sources: [
      sdk("sdk-nodejs", "e2e/preApproval/create.spec.ts", 41),
      sdk("sdk-nodejs", "e2e/preApproval/search.spec.ts", 40),
    ],
    steps: [
      {
        method: "POST",
        path: "/preapproval/",
        body: {
          reason: "test",
          payer_email: "{{email}}",
          back_url: "https://seller.example/back",
          auto_recurring: RECURRING,
          status: "pending",
        },
        expect: { status: 201, fields: { application_id: "number" } },
      },
    ],
  },
  {
    id: "corrections.subscription-pending-update-noop",
    title: "PUT with status pending on a pending subscription is accepted and changes nothing else",
    operations: ["PUT /preapproval/{id}"],
    sources: [sdk("sdk-nodejs", "e2e/preApproval/update.spec.ts", 42)],
    steps: [
      {
        method: "POST",
        path: "/preapproval/",
        body: {
          reason: "test",
          payer_email: "{{email}}",
          back_url: "https://seller.example/back",
          auto_recurring: RECURRING,
          status: "pending",
        },
        expect: { status: 201 },
        save: { subscriptionId: "id" },
      },
      {
        method: "PUT",
        path: "/preapproval/{{subscriptionId}}",
        body: {
          reason: "update test",
          auto_recurring: { transaction_amount: 20, currency_id: "{{currency}}" },
          status: "pending",
        },
        expect: {
          status: 200,
          fields: {
            status: { eq: "pending" },
            reason: { eq: "update test" },
            "auto_recurring.transaction_amount": { eq: 20 },
          },
        },
      },
    ],
  },
  {
    id: "corrections.card-user-id",
    title: "a saved card's user_id is a string",
    operations: ["GET /v1/customers/{customerId}/cards/{cardId}"],
    sources: [
      sdk("sdk-nodejs", "e2e/customerCard/get.spec.ts", 57),
      sdk("sdk-nodejs", "e2e/customerCard/remove.spec.ts", 58),
    ],
    steps: [
      createCustomer,
      cardToken("APRO"),
      {
        method: "POST",
        path: "/v1/customers/{{customerId}}/cards",
        body: { token: "{{token}}" },
        expect: { status: [200, 201] },
        save: { cardId: "id" },
      },
      {
        method: "GET",
        path: "/v1/customers/{{customerId}}/cards/{{cardId}}",
        expect: { status: 200, fields: { user_id: "string" } },
      },
    ],
  },
  {
    id: "corrections.payment-payer-id",
    title: "a payment's payer.id is a string, resolved from the payer's e-mail",
    operations: ["POST /v1/payments", "GET /v1/payments/{id}"],
    sources: [sdk("sdk-nodejs", "e2e/payment/create.spec.ts", 62), sdk("sdk-nodejs", "e2e/payment/get.spec.ts", 63)],
    steps: [
      cardToken("APRO"),
      { ...cardPayment(), expect: { status: 201, fields: { "payer.id": "string" } } },
      { method: "GET", path: "/v1/payments/{{paymentId}}", expect: { status: 200, fields: { "payer.id": "string" } } },
    ],
  },
  {
    id: "corrections.customer-account-fields",
    title:
      "a customer is active with user_id, merchant_id and client_id numbers; a deleted one answers status deactive",
    operations: ["POST /v1/customers", "DELETE /v1/customers/{customerId}"],
    sources: [
      sdk("sdk-nodejs", "e2e/customer/create.spec.ts", 38),
      sdk("sdk-nodejs", "e2e/customer/create.spec.ts", 72),
      sdk("sdk-nodejs", "e2e/customer/remove.spec.ts", 21),
    ],
    steps: [
      {
        ...createCustomer,
        expect: {
          status: 201,
          fields: { status: { eq: "active" }, user_id: "number", merchant_id: "number", client_id: "number" },
        },
      },
      {
        method: "DELETE",
        path: "/v1/customers/{{customerId}}",
        expect: { status: 200, fields: { status: { eq: "deactive" }, user_id: "number" } },
      },
    ],
  },
  {
    id: "corrections.orders-automatic-async-capture",
    title: "an order with capture_mode automatic_async can still be captured explicitly: processed / accredited",
    operations: ["POST /v1/orders/{id}/capture"],
    sources: [sdk("sdk-nodejs", "e2e/order/capture.spec.ts", 49), DOC.ordersStatus],
    steps: [
      cardToken("APRO"),
      createOrder({ captureMode: "automatic_async" }),
      {
        method: "POST",
        path: "/v1/orders/{{orderId}}/capture",
        expect: {
          status: 200,
          fields: {
            status: { eq: "processed" },
            status_detail: { eq: "accredited" },
            "transactions.payments[0].status_detail": { eq: "accredited" },
          },
        },
      },
    ],
  },
  {
    id: "corrections.orders-automatic-async-cancel",
    title:
      "an automatic_async order can be canceled before its capture; the payment reads canceled / canceled_transaction",
    operations: ["POST /v1/orders/{id}/cancel"],
    sources: [sdk("sdk-nodejs", "e2e/order/cancel.spec.ts", 53), DOC.ordersStatus],
    steps: [
      cardToken("APRO"),
      createOrder({ captureMode: "automatic_async" }),
      {
        method: "POST",
        path: "/v1/orders/{{orderId}}/cancel",
        expect: {
          status: 200,
          fields: {
            status: { eq: "canceled" },
            status_detail: { eq: "canceled" },
            "transactions.payments[0].status": { eq: "canceled" },
            "transactions.payments[0].status_detail": { eq: "canceled_transaction" },
          },
        },
      },
    ],
  },
  {
    id: "corrections.orders-transaction-partial-put",
    title: "PUT on a transaction may send only what changes (payment_method.installments)",
    operations: ["PUT /v1/orders/{id}/transactions/{transactionId}"],
    sources: [sdk("sdk-nodejs", "e2e/order/transaction/update.spec.ts", 48)],
    steps: [
      cardToken("APRO"),
      createOrderWithTransaction({ processingMode: "manual", amount: "100.00" }),
      {
        method: "PUT",
        path: "/v1/orders/{{orderId}}/transactions/{{transactionId}}",
        body: { payment_method: { installments: 3 } },
        expect: { status: 200, fields: { "payment_method.installments": { eq: 3 } } },
      },
    ],
  },
  {
    id: "corrections.capture-response-fields",
    title: "a capture answers the whole payment, acquirer_reconciliation and build_version included",
    operations: ["PUT /v1/payments/{id}"],
    sources: [
      sdk("sdk-nodejs", "e2e/payment/capture.spec.ts", 43),
      sdk("sdk-nodejs", "e2e/payment/capture.spec.ts", 46),
    ],
    steps: [
      cardToken("APRO"),
      cardPayment({ extra: { capture: false } }),
      {
        method: "PUT",
        path: "/v1/payments/{{paymentId}}",
        body: { capture: true },
        expect: {
          status: 200,
          fields: {
            acquirer_reconciliation: "array",
            build_version: "string",
            charges_details: "array",
            fee_details: "array",
            money_release_status: "string",
            operation_type: "string",
            processing_mode: "string",
            issuer_id: "string",
            coupon_amount: "number",
            shipping_amount: "number",
            taxes_amount: "number",
          },
        },
      },
    ],
  },
  {
    id: "corrections.preference-search-fields",
    title: "preference search elements carry sponsor_id (a number) and shipping_mode",
    operations: ["GET /checkout/preferences/search"],
    sources: [
      sdk("sdk-nodejs", "e2e/preference/search.spec.ts", 27),
      sdk("sdk-nodejs", "e2e/preference/search.spec.ts", 28),
    ],
    vars: { ref: "conf-{{uuid}}" },
    steps: [
      {
        method: "POST",
        path: "/checkout/preferences/",
        body: {
          items: [{ title: "Item", quantity: 1, unit_price: 10, currency_id: "{{currency}}" }],
          external_reference: "{{ref}}",
        },
        expect: { status: 201 },
      },
      {
        method: "GET",
        path: "/checkout/preferences/search?external_reference={{ref}}",
        expect: { status: 200, fields: { "elements[0].sponsor_id": "number", "elements[0].shipping_mode": "string" } },
      },
    ],
  },
  {
    id: "corrections.users-me-fields",
    title: "/users/me answers the account's full record (reputation, status, company, credit, context, …)",
    operations: ["GET /users/me"],
    sources: [sdk("sdk-nodejs", "e2e/user/get.spec.ts", 12)],
    steps: [
      {
        method: "GET",
        path: "/users/me",
        expect: {
          status: 200,
          fields: {
            registration_date: "string",
            gender: "string",
            identification: "object",
            phone: "object",
            address: "object",
            alternative_phone: "object",
            user_type: "string",
            tags: "array",
            points: "number",
            permalink: "string",
            seller_experience: "string",
            bill_data: "object",
            seller_reputation: "object",
            buyer_reputation: "object",
            status: "object",
            secure_email: "string",
            company: "object",
            credit: "object",
            context: "object",
            registration_identifiers: "array",
          },
        },
      },
    ],
  },
];

/**
 * Differences this suite found between the sources and the sandbox for which
 * no correction is under way yet (FIDELITY.md, "Found by the suite").
 */
export const DIVERGENCE_SCENARIOS: ConformanceScenario[] = [
  {
    id: "divergences.capture-foreign-payment",
    title: "capturing a payment id the token does not own is a 403, not a 404",
    operations: ["PUT /v1/payments/{id}"],
    sources: [sdk("sdk-ruby", "tests/test_payment.rb", 276), sdk("sdk-ruby", "tests/test_payment.rb", 282)],
    steps: [{ method: "PUT", path: "/v1/payments/1231910402", body: { capture: true }, expect: { status: 403 } }],
  },
  {
    id: "divergences.preference-search-results",
    title: "preference search answers a results key (beside elements)",
    operations: ["GET /checkout/preferences/search"],
    sources: [sdk("sdk-ruby", "tests/test_preference.rb", 48), sdk("sdk-nodejs", "e2e/preference/search.spec.ts", 12)],
    steps: [
      {
        method: "GET",
        path: "/checkout/preferences/search?external_reference=ref123",
        expect: { status: 200, fields: { results: "array", elements: "array" } },
      },
    ],
  },
];
