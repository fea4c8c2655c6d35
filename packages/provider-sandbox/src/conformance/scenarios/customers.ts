// Customers, their saved cards, and card tokens (`/v1/customers`, `/v1/card_tokens`).

import type { ApiStep, ConformanceScenario, FieldMatcher } from "../types";
import { DOC, sdk } from "./sources";
import { cardToken, classicErrorFields } from "./steps";

const CUSTOMER = "/v1/customers/{{customerId}}";
const CARD = `${CUSTOMER}/cards/{{cardId}}`;

const createCustomer = {
  method: "POST",
  path: "/v1/customers",
  body: {
    email: "{{email}}",
    first_name: "Jhon",
    last_name: "Doe",
    phone: { area_code: "11", number: "991234567" },
    identification: { type: "{{doc.type}}", number: "{{doc.number}}" },
    address: { zip_code: "1414", street_name: "Calle Falsa", street_number: 123 },
    description: "conformance customer",
  },
  expect: { status: 201, fields: { id: "string" } },
  save: { customerId: "id" },
} as const;

const saveCard = {
  method: "POST",
  path: `${CUSTOMER}/cards`,
  body: { token: "{{token}}" },
  expect: { status: [200, 201], fields: { id: "string" } },
  save: { cardId: "id" },
} as const;

/** The saved-card fields the Node SDK's e2e tests check on get, update and remove. */
const CARD_FIELDS: Record<string, FieldMatcher> = {
  id: { eq: "{{cardId}}" },
  customer_id: { eq: "{{customerId}}" },
  expiration_month: "integer",
  expiration_year: "integer",
  first_six_digits: "string",
  last_four_digits: "string",
  "payment_method.id": "string",
  "payment_method.name": "string",
  "payment_method.payment_type_id": "string",
  "payment_method.thumbnail": "string",
  "payment_method.secure_thumbnail": "string",
  "security_code.length": "integer",
  "security_code.card_location": "string",
  "issuer.id": "number",
  "issuer.name": "string",
  "cardholder.name": "string",
  "cardholder.identification": "object",
  date_created: "string",
  date_last_updated: "string",
  live_mode: "boolean",
};

/** POST /oauth/token with the app's credentials and a grant the provider must refuse (400 invalid_grant). */
function refusedGrant(grant: Record<string, string>): ApiStep {
  return {
    method: "POST",
    path: "/oauth/token",
    noAuth: true,
    body: { client_id: "{{oauth.clientId}}", client_secret: "{{oauth.clientSecret}}", ...grant },
    expect: { status: 400, fields: { error: { eq: "invalid_grant" }, status: { eq: 400 } } },
  };
}

export const CUSTOMER_SCENARIOS: ConformanceScenario[] = [
  {
    id: "customers.create",
    title: "a customer is created with a string id and the fields it was given",
    operations: ["POST /v1/customers"],
    sources: [
      sdk("sdk-nodejs", "e2e/customer/create.spec.ts", 59),
      sdk("sdk-python", "tests/test_customer.py", 21),
      DOC.customers,
    ],
    steps: [
      {
        ...createCustomer,
        expect: {
          status: 201,
          fields: {
            id: "string",
            email: { eq: "{{email}}" },
            first_name: { eq: "Jhon" },
            last_name: { eq: "Doe" },
            phone: "object",
            identification: "object",
            address: "object",
            date_created: "string",
            description: "string",
          },
        },
      },
    ],
  },
  {
    id: "customers.duplicate-email",
    title: "a second customer with the same e-mail is a 400 with cause 101 (the customer already exist)",
    operations: ["POST /v1/customers"],
    sources: [DOC.customers],
    steps: [
      createCustomer,
      {
        ...createCustomer,
        save: {},
        expect: { status: 400, fields: { ...classicErrorFields(400), "cause[0].code": { oneOf: ["101", 101] } } },
      },
    ],
  },
  {
    id: "customers.get-update",
    title: "GET returns the customer; PUT changes the names and keeps the id",
    operations: ["GET /v1/customers/{customerId}", "PUT /v1/customers/{customerId}"],
    sources: [
      sdk("sdk-nodejs", "e2e/customer/get.spec.ts", 22),
      sdk("sdk-nodejs", "e2e/customer/update.spec.ts", 26),
      sdk("sdk-python", "tests/test_customer.py", 60),
      sdk("sdk-ruby", "tests/test_customer.rb", 46),
    ],
    steps: [
      createCustomer,
      {
        method: "GET",
        path: CUSTOMER,
        expect: { status: 200, fields: { id: { eq: "{{customerId}}" }, email: { eq: "{{email}}" }, cards: "array" } },
      },
      {
        method: "PUT",
        path: CUSTOMER,
        body: { first_name: "Jane", last_name: "Updated" },
        expect: {
          status: 200,
          fields: {
            id: { eq: "{{customerId}}" },
            first_name: { eq: "Jane" },
            last_name: { eq: "Updated" },
            date_last_updated: "string",
          },
        },
      },
    ],
  },
  {
    id: "customers.get-missing",
    title: "an unknown customer id is a 404",
    operations: ["GET /v1/customers/{customerId}"],
    sources: [DOC.customers],
    steps: [
      {
        method: "GET",
        path: "/v1/customers/0000000-nope",
        expect: { status: 404, fields: { message: "string", status: { eq: 404 } } },
      },
    ],
  },
  {
    id: "customers.search-email",
    title: "search by e-mail finds exactly that customer, with paging",
    operations: ["GET /v1/customers/search"],
    sources: [
      sdk("sdk-nodejs", "e2e/customer/search.spec.ts", 11),
      sdk("sdk-python", "tests/test_customer.py", 79),
      DOC.customersSearch,
    ],
    steps: [
      createCustomer,
      {
        method: "GET",
        path: "/v1/customers/search?email={{email}}",
        expect: {
          status: 200,
          fields: {
            "paging.total": { eq: 1 },
            "results[0].id": { eq: "{{customerId}}" },
            "results[0].email": { eq: "{{email}}" },
          },
        },
      },
    ],
  },
  {
    id: "customers.delete",
    title: "DELETE answers 200 with the customer, which then no longer appears in a search",
    operations: ["DELETE /v1/customers/{customerId}"],
    sources: [sdk("sdk-nodejs", "e2e/customer/remove.spec.ts", 20), sdk("sdk-python", "tests/test_customer.py", 68)],
    steps: [
      createCustomer,
      {
        method: "DELETE",
        path: CUSTOMER,
        expect: { status: 200, fields: { id: { eq: "{{customerId}}" }, email: { eq: "{{email}}" } } },
      },
      {
        method: "GET",
        path: "/v1/customers/search?email={{email}}",
        expect: { status: 200, fields: { "paging.total": { eq: 0 } } },
      },
    ],
  },
];

export const CARD_SCENARIOS: ConformanceScenario[] = [
  {
    id: "card-tokens.create",
    title: "a card token is created active, with its card data summary and a due date",
    operations: ["POST /v1/card_tokens"],
    sources: [
      sdk("sdk-nodejs", "e2e/cardToken/create.spec.ts", 34),
      sdk("sdk-python", "tests/test_card_token.py", 46),
      DOC.cardTokens,
    ],
    steps: [
      {
        ...cardToken("APRO"),
        expect: {
          status: 201,
          fields: {
            id: "string",
            status: { eq: "active" },
            first_six_digits: { eq: "450995" },
            last_four_digits: { eq: "3704" },
            expiration_month: { eq: 11 },
            expiration_year: { eq: 2030 },
            date_created: "string",
            date_due: "string",
            luhn_validation: "boolean",
            live_mode: "boolean",
            security_code_length: { eq: 3 },
            "cardholder.name": { eq: "APRO" },
          },
        },
      },
    ],
  },
  {
    id: "card-tokens.from-saved-card",
    title: "a saved card is tokenized again with its card_id and security code",
    operations: ["POST /v1/card_tokens"],
    sources: [sdk("sdk-nodejs", "e2e/cardToken/create.spec.ts", 37), DOC.cardTokens],
    steps: [
      createCustomer,
      cardToken("APRO"),
      saveCard,
      {
        method: "POST",
        path: "/v1/card_tokens",
        body: { card_id: "{{cardId}}", customer_id: "{{customerId}}", security_code: "{{cvv.visa}}" },
        expect: {
          status: 201,
          fields: {
            id: "string",
            card_id: { eq: "{{cardId}}" },
            status: { eq: "active" },
            date_last_updated: "string",
            date_due: "string",
          },
        },
      },
    ],
  },
  {
    id: "cards.save-and-get",
    title: "a token saved on a customer becomes a card with payment method, issuer, security code and cardholder",
    operations: ["POST /v1/customers/{customerId}/cards", "GET /v1/customers/{customerId}/cards/{cardId}"],
    sources: [
      sdk("sdk-nodejs", "e2e/customerCard/get.spec.ts", 29),
      sdk("sdk-python", "tests/test_card.py", 53),
      DOC.cards,
    ],
    steps: [
      createCustomer,
      cardToken("APRO"),
      saveCard,
      {
        method: "GET",
        path: CARD,
        expect: {
          status: 200,
          fields: {
            ...CARD_FIELDS,
            first_six_digits: { eq: "450995" },
            last_four_digits: { eq: "3704" },
            "payment_method.id": { eq: "visa" },
          },
        },
      },
    ],
  },
  {
    id: "cards.list",
    title: "the customer's cards list is a plain array holding the saved card",
    operations: ["GET /v1/customers/{customerId}/cards"],
    sources: [sdk("sdk-nodejs", "e2e/customerCard/list.spec.ts", 29), sdk("sdk-python", "tests/test_card.py", 16)],
    steps: [
      createCustomer,
      cardToken("APRO"),
      saveCard,
      {
        method: "GET",
        path: `${CUSTOMER}/cards`,
        expect: {
          status: 200,
          fields: { "": { length: 1 }, "[0].id": { eq: "{{cardId}}" }, "[0].customer_id": { eq: "{{customerId}}" } },
        },
      },
    ],
  },
  {
    id: "cards.update",
    title: "PUT changes the expiry and the cardholder of a saved card",
    operations: ["PUT /v1/customers/{customerId}/cards/{cardId}"],
    sources: [sdk("sdk-nodejs", "e2e/customerCard/update.spec.ts", 39), sdk("sdk-python", "tests/test_card.py", 70)],
    steps: [
      createCustomer,
      cardToken("APRO"),
      saveCard,
      {
        method: "PUT",
        path: CARD,
        body: { expiration_month: 1, expiration_year: 2031, cardholder: { name: "Test" } },
        expect: {
          status: 200,
          fields: {
            id: { eq: "{{cardId}}" },
            expiration_month: { eq: 1 },
            expiration_year: { eq: 2031 },
            "cardholder.name": { eq: "Test" },
          },
        },
      },
    ],
  },
  {
    id: "cards.delete",
    title: "DELETE answers 200 with the card, which then leaves the customer's list",
    operations: ["DELETE /v1/customers/{customerId}/cards/{cardId}"],
    sources: [sdk("sdk-nodejs", "e2e/customerCard/remove.spec.ts", 28), sdk("sdk-python", "tests/test_card.py", 77)],
    steps: [
      createCustomer,
      cardToken("APRO"),
      saveCard,
      {
        method: "DELETE",
        path: CARD,
        expect: { status: 200, fields: { id: { eq: "{{cardId}}" }, customer_id: { eq: "{{customerId}}" } } },
      },
      { method: "GET", path: `${CUSTOMER}/cards`, expect: { status: 200, fields: { "": { length: 0 } } } },
    ],
  },
  {
    id: "cards.pay-with-saved-card",
    title: "a payment with a saved card's token and payer.type customer is approved",
    operations: ["POST /v1/payments", "POST /v1/card_tokens"],
    sources: [DOC.cards, DOC.paymentsCreate],
    steps: [
      createCustomer,
      cardToken("APRO"),
      saveCard,
      {
        method: "POST",
        path: "/v1/card_tokens",
        body: { card_id: "{{cardId}}", security_code: "{{cvv.visa}}" },
        expect: { status: 201 },
        save: { savedToken: "id" },
      },
      {
        method: "POST",
        path: "/v1/payments",
        body: {
          transaction_amount: 50,
          token: "{{savedToken}}",
          installments: 1,
          payment_method_id: "visa",
          payer: { type: "customer", id: "{{customerId}}", email: "{{email}}" },
        },
        expect: { status: 201, fields: { status: { eq: "approved" }, "card.first_six_digits": { eq: "450995" } } },
      },
    ],
  },
];

export const CATALOG_SCENARIOS: ConformanceScenario[] = [
  {
    id: "catalog.payment-methods",
    title: "payment methods are a plain array with type, status, thumbnails, deferred_capture and settings",
    operations: ["GET /v1/payment_methods"],
    sources: [sdk("sdk-nodejs", "e2e/paymentMethod/get.spec.ts", 32), DOC.paymentMethods],
    steps: [
      {
        method: "GET",
        path: "/v1/payment_methods",
        expect: {
          status: 200,
          fields: {
            "": { gte: 1 },
            "[0].id": "string",
            "[0].name": "string",
            "[0].payment_type_id": {
              oneOf: [
                "account_money",
                "ticket",
                "bank_transfer",
                "atm",
                "credit_card",
                "debit_card",
                "prepaid_card",
                "digital_currency",
                "digital_wallet",
                "voucher_card",
                "crypto_transfer",
              ],
            },
            "[0].status": { oneOf: ["active", "deactive", "temporally_deactive"] },
            "[0].secure_thumbnail": "string",
            "[0].thumbnail": "string",
            "[0].deferred_capture": { oneOf: ["supported", "unsupported", "does_not_apply"] },
            "[0].settings": "array",
          },
        },
      },
    ],
  },
  {
    id: "catalog.identification-types",
    title: "identification types are a plain array of {id, name, type, min_length, max_length}",
    operations: ["GET /v1/identification_types"],
    sources: [sdk("sdk-nodejs", "e2e/identificationType/list.spec.ts", 12), DOC.identificationTypes],
    steps: [
      {
        method: "GET",
        path: "/v1/identification_types",
        expect: {
          status: 200,
          fields: {
            "": { gte: 1 },
            "[0].id": "string",
            "[0].name": "string",
            "[0].type": "string",
            "[0].min_length": "integer",
            "[0].max_length": "integer",
          },
        },
      },
    ],
  },
  {
    id: "account.users-me",
    title: "/users/me describes the token's account: numeric id, nickname, site, e-mail",
    operations: ["GET /users/me"],
    sources: [
      sdk("sdk-nodejs", "e2e/user/get.spec.ts", 12),
      sdk("sdk-go", "test/integration/user/user_test.go", 23),
      DOC.usersMe,
    ],
    steps: [
      {
        method: "GET",
        path: "/users/me",
        expect: {
          status: 200,
          fields: {
            id: "integer",
            nickname: "string",
            site_id: { eq: "{{site}}" },
            country_id: "string",
            email: "string",
            first_name: "string",
            last_name: "string",
          },
        },
      },
    ],
  },
  {
    id: "account.users-me-unauthorized",
    title: "/users/me without a valid token is a 401",
    operations: ["GET /users/me"],
    sources: [DOC.usersMe],
    steps: [
      {
        method: "GET",
        path: "/users/me",
        token: "not-a-valid-token",
        expect: { status: 401, fields: { status: { eq: 401 } } },
      },
    ],
  },
  {
    id: "oauth.bad-code",
    title: "exchanging an unknown authorization code is a 400 invalid_grant",
    operations: ["POST /oauth/token"],
    sources: [DOC.oauth],
    steps: [
      refusedGrant({
        grant_type: "authorization_code",
        code: "TG-not-a-code",
        redirect_uri: "https://platform.example/cb",
      }),
    ],
  },
  {
    id: "oauth.bad-refresh-token",
    title: "refreshing with an unknown refresh token is a 400 invalid_grant",
    operations: ["POST /oauth/token"],
    sources: [DOC.oauth],
    steps: [refusedGrant({ grant_type: "refresh_token", refresh_token: "TG-not-a-refresh-token" })],
  },
];
