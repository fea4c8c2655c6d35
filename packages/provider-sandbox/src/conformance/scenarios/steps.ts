// Small step builders the scenarios share: they return plain step data, so a
// scenario still reads as the requests it makes.

import type { ApiStep } from "../types";

/** POST /v1/card_tokens for the site's test card of a brand; the cardholder name picks the outcome. */
export function cardToken(name = "APRO", brand = "visa", saveAs = "token"): ApiStep {
  return {
    method: "POST",
    path: "/v1/card_tokens",
    body: {
      card_number: `{{card.${brand}}}`,
      expiration_month: "{{card.month}}",
      expiration_year: "{{card.year}}",
      security_code: `{{cvv.${brand}}}`,
      cardholder: { name, identification: { type: "{{doc.type}}", number: "{{doc.number}}" } },
    },
    expect: { status: 201, fields: { id: "string" } },
    save: { [saveAs]: "id" },
  };
}

/** POST /v1/payments with a card token saved earlier as `{{token}}`. */
export function cardPayment(
  options: { amount?: number; extra?: Record<string, unknown>; status?: string; saveAs?: string } = {},
): ApiStep {
  return {
    method: "POST",
    path: "/v1/payments",
    body: {
      transaction_amount: options.amount ?? 110,
      token: "{{token}}",
      installments: 1,
      payment_method_id: "visa",
      payer: { email: "{{email}}" },
      ...options.extra,
    },
    expect: { status: 201, fields: options.status ? { status: { eq: options.status } } : {} },
    save: { [options.saveAs ?? "paymentId"]: "id" },
  };
}

/** An online order body paid with the saved `{{token}}` (Orders amounts are decimal strings). */
export function orderBody(
  options: {
    amount?: string;
    processingMode?: "automatic" | "manual";
    captureMode?: string;
    withPayment?: boolean;
  } = {},
): Record<string, unknown> {
  const amount = options.amount ?? "200.00";
  return {
    type: "online",
    processing_mode: options.processingMode ?? "automatic",
    ...(options.captureMode ? { capture_mode: options.captureMode } : {}),
    total_amount: amount,
    external_reference: "ext_ref_1234",
    payer: { email: "{{email}}" },
    ...(options.withPayment === false
      ? {}
      : {
          transactions: {
            payments: [
              { amount, payment_method: { id: "visa", type: "credit_card", token: "{{token}}", installments: 1 } },
            ],
          },
        }),
  };
}

/** POST /v1/orders with `orderBody(options)`, saving the order id as `orderId`. */
export function createOrder(options: Parameters<typeof orderBody>[0] & { status?: number } = {}): ApiStep {
  return {
    method: "POST",
    path: "/v1/orders",
    body: orderBody(options),
    expect: { status: options.status ?? 201, fields: { id: { match: "^ORD" } } },
    save: { orderId: "id" },
  };
}

/** `createOrder(options)` that also saves its first payment transaction's id as `transactionId`. */
export function createOrderWithTransaction(options: Parameters<typeof orderBody>[0] = {}): ApiStep {
  return { ...createOrder(options), save: { orderId: "id", transactionId: "transactions.payments[0].id" } };
}

/** The classic error body (`{message, error, status, cause[]}`) with that status. */
export function classicErrorFields(status: number, error?: string): Record<string, import("../types").FieldMatcher> {
  return {
    message: "string",
    error: error ? { eq: error } : "string",
    status: { eq: status },
    cause: "array",
  };
}

/** The Orders API error body (`{errors: [{code, message, details?}]}`) with that code. */
export function ordersErrorFields(code: string): Record<string, import("../types").FieldMatcher> {
  return { "errors[0].code": { eq: code }, "errors[0].message": "string" };
}
