// Chargebacks and claims (issue 18): a chargeback opened on a card payment (control API: the payer's issuer opens
// it), read with its coverage and deadline, evidence sent as multipart `files` (jpg/png/pdf only), and a claim
// found by search and by id.

import type { ConformanceScenario } from "../types";
import { cardPayment, cardToken } from "./steps";

const CHARGEBACK_REF = "docs: https://www.mercadopago.com.br/developers/en/reference/chargebacks/_chargebacks_id/get";
const EVIDENCE_GUIDE =
  "docs: https://www.mercadopago.com.mx/developers/en/docs/tiendanube/additional-content/chargebacks/how-to-manage";
const CLAIMS_REF = "docs: https://mercadopago.cl/developers/en/reference/claims/get-claim-details/get";
const CLAIMS_SEARCH = "docs: https://www.mercadopago.com.pe/developers/pt/reference/claims/search-claims/get.md";

const BOUNDARY = "cobro-conformance-boundary";
function multipartFile(name: string, type: string, content: string): string {
  return [
    `--${BOUNDARY}`,
    `Content-Disposition: form-data; name="files"; filename="${name}"`,
    `Content-Type: ${type}`,
    "",
    content,
    `--${BOUNDARY}--`,
    "",
  ].join("\r\n");
}

const openChargeback = [
  cardToken(),
  cardPayment({ amount: 120, status: "approved" }),
  {
    kind: "control" as const,
    method: "POST" as const,
    path: "/__sandbox/chargebacks",
    body: { payment_id: "{{paymentId}}" },
    expect: { status: 201 },
    save: { chargebackId: "id" },
  },
];

export const DISPUTE_SCENARIOS: readonly ConformanceScenario[] = [
  {
    id: "chargebacks.read",
    title: "a chargeback names its payment, amount, coverage, documentation and deadline",
    operations: ["GET /v1/chargebacks/{id}"],
    sources: [CHARGEBACK_REF],
    steps: [
      ...openChargeback,
      {
        method: "GET",
        path: "/v1/chargebacks/{{chargebackId}}",
        expect: {
          status: 200,
          fields: {
            id: { match: "^\\d+$" },
            "payments[0]": "integer",
            amount: { eq: 120 },
            currency: "string",
            coverage_applied: "null",
            coverage_elegible: "boolean",
            documentation_required: "boolean",
            documentation_status: { eq: "pending" },
            date_documentation_deadline: "string",
            live_mode: "boolean",
          },
        },
      },
      {
        method: "GET",
        path: "/v1/chargebacks/{{paymentId}}",
        expect: { status: 200, fields: { id: { eq: "{{chargebackId}}" } } },
      },
    ],
  },
  {
    id: "chargebacks.evidence-pdf",
    title: "a pdf sent as multipart files is answered 200 and puts the documentation under review",
    operations: ["POST /v1/chargebacks/{id}/documentation"],
    sources: [EVIDENCE_GUIDE],
    steps: [
      ...openChargeback,
      {
        method: "POST",
        path: "/v1/chargebacks/{{chargebackId}}/documentation",
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        rawBody: multipartFile("receipt.pdf", "application/pdf", "%PDF-1.4 receipt"),
        expect: { status: 200 },
      },
      {
        method: "GET",
        path: "/v1/chargebacks/{{chargebackId}}",
        expect: {
          status: 200,
          fields: {
            documentation_status: { eq: "review_pending" },
            documentation: { length: 1 },
            "documentation[0].description": { eq: "File: receipt.pdf" },
          },
        },
      },
    ],
  },
  {
    id: "chargebacks.evidence-wrong-type",
    title: "a file that is not jpg, png or pdf is refused with a 400",
    operations: ["POST /v1/chargebacks/{id}/documentation"],
    sources: [EVIDENCE_GUIDE],
    steps: [
      ...openChargeback,
      {
        method: "POST",
        path: "/v1/chargebacks/{{chargebackId}}/documentation",
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        rawBody: multipartFile("photo.gif", "image/gif", "GIF89a"),
        expect: { status: 400, fields: { status: { eq: 400 }, message: "string" } },
      },
    ],
  },
  {
    id: "claims.search-and-read",
    title: "a claim about a payment is found by search and read by id",
    operations: ["GET /post-purchase/v1/claims/search", "GET /post-purchase/v1/claims/{claim_id}"],
    sources: [CLAIMS_SEARCH, CLAIMS_REF],
    steps: [
      cardToken(),
      cardPayment({ amount: 60, status: "approved" }),
      {
        kind: "control",
        method: "POST",
        path: "/__sandbox/claims",
        body: { payment_id: "{{paymentId}}" },
        expect: { status: 201 },
        save: { claimId: "id" },
      },
      {
        method: "GET",
        path: "/post-purchase/v1/claims/search?resource=payment&resource_id={{paymentId}}",
        expect: {
          status: 200,
          fields: { "paging.total": { eq: 1 }, data: { length: 1 }, "data[0].status": { eq: "opened" } },
        },
      },
      {
        method: "GET",
        path: "/post-purchase/v1/claims/{{claimId}}",
        expect: {
          status: 200,
          fields: { resource: { eq: "payment" }, stage: { eq: "claim" }, reason_id: "string", players: "array" },
        },
      },
    ],
  },
];
