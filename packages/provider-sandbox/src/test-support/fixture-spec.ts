// A small OpenAPI 3.1 document for the core's tests: classic and Orders error
// shapes, a public operation, a public-key operation, a required idempotency
// key and trailing-slash paths — the same features the real spec uses.

import type { OpenApiDocument } from "../core/spec";

const json = (schema: Record<string, unknown>) => ({ content: { "application/json": { schema } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const classic = (description: string) => ({ description, ...json(ref("ClassicError")) });
const orders = (description: string) => ({ description, ...json(ref("OrdersError")) });

const CLASSIC_ERRORS = {
  "400": classic("bad request"),
  "401": classic("unauthorized"),
  "404": classic("not found"),
  "409": classic("conflict"),
  "423": classic("locked"),
  "5XX": classic("server error"),
};

export const FIXTURE_SPEC: OpenApiDocument = {
  openapi: "3.1.0",
  info: { title: "fixture", version: "1.0.0" },
  security: [{ bearerAuth: [] }],
  paths: {
    "/v1/widgets": {
      post: {
        operationId: "createWidget",
        requestBody: { required: true, ...json(ref("WidgetCreate")) },
        responses: { "201": { description: "created", ...json(ref("Widget")) }, ...CLASSIC_ERRORS },
      },
    },
    "/v1/widgets/search": {
      get: {
        operationId: "searchWidgets",
        parameters: [
          { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 100 } },
          { name: "status", in: "query", schema: { type: "string", enum: ["created", "closed"] } },
        ],
        responses: {
          "200": {
            description: "found",
            ...json({
              type: "object",
              required: ["results"],
              properties: { results: { type: "array", items: ref("Widget") } },
            }),
          },
          ...CLASSIC_ERRORS,
        },
      },
    },
    "/v1/widgets/{id}": {
      parameters: [{ $ref: "#/components/parameters/WidgetId" }],
      get: {
        operationId: "getWidget",
        responses: { "200": { description: "found", ...json(ref("Widget")) }, ...CLASSIC_ERRORS },
      },
    },
    "/v1/widgets/{id}/notes/": {
      get: {
        operationId: "listNotes",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
        responses: {
          "200": { description: "notes", ...json({ type: "array", items: { type: "string" } }) },
          ...CLASSIC_ERRORS,
        },
      },
    },
    "/v1/orders": {
      post: {
        operationId: "createOrder",
        "x-idempotency": "required",
        requestBody: { required: true, ...json(ref("OrderCreate")) },
        responses: {
          "201": { description: "created", ...json(ref("Order")) },
          "400": orders("bad request"),
          "401": orders("unauthorized"),
          "409": orders("conflict"),
          "423": orders("locked"),
          "5XX": orders("server error"),
        },
      },
    },
    "/v1/card_tokens": {
      post: {
        operationId: "createCardToken",
        security: [{ bearerAuth: [] }, { publicKey: [] }],
        requestBody: { required: true, ...json({ type: "object", properties: { card_number: { type: "string" } } }) },
        responses: {
          "201": {
            description: "created",
            // The fixture handler echoes who called (seller and kind of credential) for the auth tests.
            ...json({
              type: "object",
              required: ["id"],
              properties: { id: { type: "string" }, seller_id: { type: "integer" }, auth_kind: { type: "string" } },
            }),
          },
          ...CLASSIC_ERRORS,
        },
      },
    },
    "/oauth/token": {
      post: {
        operationId: "createToken",
        security: [{}],
        requestBody: {
          required: true,
          ...json({ type: "object", required: ["grant_type"], properties: { grant_type: { type: "string" } } }),
        },
        responses: {
          "200": {
            description: "token",
            ...json({ type: "object", required: ["access_token"], properties: { access_token: { type: "string" } } }),
          },
          ...CLASSIC_ERRORS,
        },
      },
    },
    "/checkout/preferences/": {
      post: {
        operationId: "createPreference",
        requestBody: {
          required: true,
          ...json({ type: "object", required: ["items"], properties: { items: { type: "array", minItems: 1 } } }),
        },
        responses: {
          "201": {
            description: "created",
            ...json({ type: "object", required: ["id"], properties: { id: { type: "string" } } }),
          },
          ...CLASSIC_ERRORS,
        },
      },
    },
  },
  components: {
    securitySchemes: {
      bearerAuth: { type: "http", scheme: "bearer" },
      publicKey: { type: "apiKey", in: "query", name: "public_key" },
    },
    parameters: {
      WidgetId: { name: "id", in: "path", required: true, schema: { type: "integer", format: "int64" } },
    },
    schemas: {
      ClassicError: {
        type: "object",
        required: ["message"],
        properties: {
          message: { type: "string" },
          error: { type: "string" },
          status: { type: "integer" },
          cause: {
            type: "array",
            items: {
              type: "object",
              properties: {
                code: { oneOf: [{ type: "integer" }, { type: "string" }] },
                description: { type: "string" },
                data: { type: ["string", "null"] },
              },
            },
          },
        },
      },
      OrdersError: {
        type: "object",
        required: ["errors"],
        properties: {
          errors: {
            type: "array",
            items: {
              type: "object",
              required: ["code", "message"],
              properties: {
                code: { type: "string" },
                message: { type: "string" },
                details: { type: "array", items: { type: "string" } },
              },
            },
          },
          data: { type: "object" },
        },
      },
      Payer: {
        type: "object",
        required: ["email"],
        properties: { email: { type: "string", format: "email" }, first_name: { type: "string" } },
      },
      WidgetCreate: {
        type: "object",
        additionalProperties: false,
        required: ["transaction_amount", "payer"],
        properties: {
          transaction_amount: { type: "number", minimum: 0.01, example: 10 },
          payer: ref("Payer"),
          description: { type: "string", maxLength: 60 },
          notification_url: { type: "string", format: "uri" },
        },
      },
      Widget: {
        type: "object",
        required: ["id", "transaction_amount", "status"],
        properties: {
          id: { type: "integer" },
          transaction_amount: { type: "number" },
          status: { type: "string", enum: ["created", "closed"] },
          payer: ref("Payer"),
        },
      },
      OrderCreate: {
        type: "object",
        required: ["total_amount"],
        properties: {
          total_amount: { type: "string", pattern: "^\\d+(\\.\\d{1,2})?$" },
          external_reference: { type: "string" },
          delay_ms: { type: "integer", minimum: 0, description: "test only: how long the handler takes" },
        },
      },
      Order: {
        type: "object",
        required: ["id", "status", "total_amount"],
        properties: { id: { type: "string" }, status: { type: "string" }, total_amount: { type: "string" } },
      },
    },
  },
};
