// /v1/chargebacks/{id} and /v1/chargebacks/{id}/documentation, plus the control API that opens and decides a
// chargeback on a payment (`/__sandbox/chargebacks`). Sources, cited by rule below:
// [REF]   https://www.mercadopago.com.br/developers/en/reference/chargebacks/_chargebacks_id/get
// [GUIDE] https://www.mercadopago.com.mx/developers/en/docs/tiendanube/additional-content/chargebacks/how-to-manage
// [MANAGE] https://www.mercadopago.com.uy/developers/es/docs/checkout-pro/chargebacks/manage.md
// [TERM]  https://mercadopago.com.br/developers/en/docs/yampi/additional-content/chargebacks ("10 days are allowed
//         to submit the transaction vouchers")
// [FACTS] docs/provider-facts.md §4.1 (payment `charged_back` / in_process, settled, reimbursed) and §9.2 (topics).

import { randomUUID } from "node:crypto";
import type { RegisterRoutes, SandboxContext } from "../context";
import { badField, classicError, notFound } from "../core/errors";
import type { Schemas } from "../schemas";
import { findPaymentOfAnySeller, savePaymentChange } from "./payments";

type Chargeback = Schemas["Chargeback"];

/** [TERM] the seller has 10 days to send the documentation. */
export const DOCUMENTATION_WINDOW_MS = 10 * 24 * 60 * 60 * 1000;
/** [GUIDE] "Files can be .jpg, .png or .pdf and should not exceed 10mb overall." */
export const MAX_EVIDENCE_BYTES = 10 * 1024 * 1024;
const EVIDENCE_TYPES: Readonly<Record<string, string>> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
};

/** What the sandbox kept of one received file, for the control API (the provider keeps the file itself). */
interface ReceivedFile {
  name: string;
  type: string;
  size: number;
  received_at: string;
}

interface StoredChargeback {
  chargeback: Chargeback;
  sellerUserId: number;
  notificationUrl: string | null;
  files: ReceivedFile[];
}

function chargebacks(ctx: SandboxContext) {
  return ctx.store.global<StoredChargeback>("chargebacks");
}

/** [REF] the id may be the chargeback's or, lacking it, a payment's. */
function findChargeback(ctx: SandboxContext, id: string, sellerUserId: number | null): StoredChargeback | undefined {
  const direct = chargebacks(ctx).get(id);
  const found =
    direct ??
    chargebacks(ctx)
      .list()
      .find((stored) => stored.chargeback.payments.some((paymentId) => String(paymentId) === id));
  if (!found || (sellerUserId !== null && found.sellerUserId !== sellerUserId)) return undefined;
  return found;
}

/**
 * [REF] `not_supplied`: "the documentation wasn't supplied on time". A chargeback still waiting for documentation
 * when its deadline passes moves there the next time it is read or written.
 */
function applyDeadline(ctx: SandboxContext, stored: StoredChargeback): void {
  const { chargeback } = stored;
  const deadline = chargeback.date_documentation_deadline;
  if (chargeback.documentation_status !== "pending" || !deadline) return;
  if (ctx.clock.now().getTime() <= Date.parse(deadline)) return;
  chargeback.documentation_status = "not_supplied";
  chargeback.date_last_updated = ctx.clock.nowIso();
  chargebacks(ctx).put(chargeback.id, stored);
}

function notifyChargeback(ctx: SandboxContext, stored: StoredChargeback, action: string): void {
  // [FACTS §9.2] Webhooks topic `topic_chargebacks_wh`; data.id is the chargeback's id ([MANAGE]: the notification
  // carries the id to read with GET /v1/chargebacks/{id}). The action name is the sandbox's own (none documented).
  ctx.webhooks.notify({
    sellerUserId: stored.sellerUserId,
    topic: "topic_chargebacks_wh",
    action,
    dataId: stored.chargeback.id,
    notificationUrl: stored.notificationUrl,
  });
}

export interface OpenChargebackInput {
  payment_id?: unknown;
  reason?: unknown;
  documentation_required?: unknown;
  coverage_elegible?: unknown;
}

/**
 * Opens a chargeback on an approved card payment of any seller: the payment becomes `charged_back` / `in_process`
 * ([FACTS §4.1]), the chargeback waits for documentation until the deadline ([TERM]), and both notifications go
 * out (`payment.updated` and `topic_chargebacks_wh`).
 */
export function openChargeback(ctx: SandboxContext, input: OpenChargebackInput): Chargeback {
  const paymentId = Number(input.payment_id);
  if (!Number.isSafeInteger(paymentId) || paymentId <= 0) throw badField("payment_id", "must be a payment id");
  const owner = findPaymentOfAnySeller(ctx, paymentId);
  if (!owner) throw notFound("payment", paymentId);
  const { payment, sellerUserId } = owner;
  // A chargeback is a card holder's dispute with the issuer: only a card payment that took the money has one.
  if (payment.status !== "approved" || !["credit_card", "debit_card"].includes(payment.payment_type_id ?? "")) {
    throw badField("payment_id", `payment ${paymentId} is not an approved card payment (status ${payment.status})`);
  }
  if (input.reason !== undefined && typeof input.reason !== "string") throw badField("reason", "must be a string");
  for (const field of ["documentation_required", "coverage_elegible"] as const) {
    if (input[field] !== undefined && typeof input[field] !== "boolean") throw badField(field, "must be a boolean");
  }
  const now = ctx.clock.now();
  const documentationRequired = input.documentation_required !== false;
  const chargeback: Chargeback = {
    // [REF] ids are 18-digit strings, e.g. "217000087654321000" (beyond a safe integer, so built as text).
    id: `234${String(ctx.store.nextId("chargeback_id", 1)).padStart(15, "0")}`,
    payments: [payment.id],
    currency: payment.currency_id,
    amount: payment.transaction_amount - (payment.transaction_amount_refunded ?? 0),
    reason: typeof input.reason === "string" ? input.reason : "general",
    coverage_applied: null,
    coverage_elegible: input.coverage_elegible !== false,
    documentation_required: documentationRequired,
    documentation_status: documentationRequired ? "pending" : "not_applicable",
    documentation: [],
    date_documentation_deadline: documentationRequired
      ? new Date(now.getTime() + DOCUMENTATION_WINDOW_MS).toISOString()
      : null,
    date_created: now.toISOString(),
    date_last_updated: now.toISOString(),
    live_mode: false,
  };
  const stored: StoredChargeback = {
    chargeback,
    sellerUserId,
    notificationUrl: payment.notification_url ?? null,
    files: [],
  };
  chargebacks(ctx).put(chargeback.id, stored);
  payment.status = "charged_back";
  payment.status_detail = "in_process";
  savePaymentChange(ctx, sellerUserId, payment);
  notifyChargeback(ctx, stored, "chargeback.created");
  return chargeback;
}

/**
 * Decides a chargeback ([GUIDE]: "Upon resolution, a new IPN notification will be sent"): `coverage_applied` true
 * means the decision was for the seller (payment `charged_back` / `reimbursed`), false against (`settled`).
 * Documentation under review becomes `valid` or `invalid` with the decision.
 */
export function resolveChargeback(ctx: SandboxContext, id: string, coverageApplied: unknown): Chargeback {
  if (typeof coverageApplied !== "boolean") throw badField("coverage_applied", "must be true or false");
  const stored = findChargeback(ctx, id, null);
  if (!stored) throw notFound("chargeback", id);
  applyDeadline(ctx, stored);
  const { chargeback } = stored;
  if (chargeback.coverage_applied !== null) {
    throw classicError(400, `chargeback ${id} is already decided`, {
      cause: [{ code: "bad_request", description: "already decided", data: id }],
    });
  }
  chargeback.coverage_applied = coverageApplied;
  if (chargeback.documentation_status === "review_pending") {
    chargeback.documentation_status = coverageApplied ? "valid" : "invalid";
  }
  chargeback.date_last_updated = ctx.clock.nowIso();
  chargebacks(ctx).put(chargeback.id, stored);
  for (const paymentId of chargeback.payments) {
    const owner = findPaymentOfAnySeller(ctx, paymentId);
    if (!owner) continue;
    owner.payment.status_detail = coverageApplied ? "reimbursed" : "settled";
    savePaymentChange(ctx, owner.sellerUserId, owner.payment);
  }
  notifyChargeback(ctx, stored, "chargeback.updated");
  return chargeback;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot === -1 ? "" : name.slice(dot + 1).toLowerCase();
}

function uploadRefused(description: string, code = "bad_request"): never {
  throw classicError(400, description, { cause: [{ code, description, data: "files" }] });
}

/** The multipart `files` parts (the guide's curl names them `files[]`; both spellings are read). */
function evidenceFiles(form: Record<string, unknown>): File[] {
  const parts = [form.files, form["files[]"]].flatMap((value) => (Array.isArray(value) ? value : [value]));
  return parts.filter((part): part is File => part instanceof File);
}

/** Routes of the `chargebacks` group and its control endpoints. */
export const registerChargebacksRoutes: RegisterRoutes = (app, ctx) => {
  app.get("/v1/chargebacks/:id", (c) => {
    const id = c.req.param("id");
    const stored = findChargeback(ctx, id, c.get("seller").userId);
    if (!stored) throw notFound("chargeback", id);
    applyDeadline(ctx, stored);
    return c.json(stored.chargeback, 200);
  });

  app.post("/v1/chargebacks/:id/documentation", async (c) => {
    const id = c.req.param("id");
    const stored = findChargeback(ctx, id, c.get("seller").userId);
    if (!stored) throw notFound("chargeback", id);
    applyDeadline(ctx, stored);
    const { chargeback } = stored;
    // [GUIDE] only send documents while "the term has not expired".
    const deadline = chargeback.date_documentation_deadline;
    if (deadline && ctx.clock.now().getTime() > Date.parse(deadline)) {
      uploadRefused(
        `the documentation deadline of chargeback ${id} passed at ${deadline}`,
        "documentation_deadline_expired",
      );
    }
    if (chargeback.coverage_applied !== null) uploadRefused(`chargeback ${id} is already decided`);
    if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
      uploadRefused("files must be sent as multipart/form-data");
    }
    const files = evidenceFiles(await c.req.parseBody({ all: true }));
    if (files.length === 0) uploadRefused("files: at least one file is required");
    let total = 0;
    for (const file of files) {
      const type = EVIDENCE_TYPES[extensionOf(file.name)];
      if (!type) uploadRefused(`files: ${file.name} is not a .jpg, .png or .pdf file`, "invalid_file_type");
      total += file.size;
    }
    if (total > MAX_EVIDENCE_BYTES) {
      uploadRefused(`files: ${total} bytes in all; at most 10 MB (${MAX_EVIDENCE_BYTES} bytes)`, "file_too_large");
    }
    const now = ctx.clock.nowIso();
    for (const file of files) {
      const type = EVIDENCE_TYPES[extensionOf(file.name)] ?? "application/octet-stream";
      // [REF] each file becomes {type, url, description: "File: <name>"}.
      chargeback.documentation.push({
        type,
        url: `${ctx.config.publicUrl}/v1/chargebacks/documentation/other/${randomUUID()}`,
        description: `File: ${file.name}`,
      });
      stored.files.push({ name: file.name, type, size: file.size, received_at: now });
    }
    // [GUIDE] after a successful upload `documentation_status` is `review_pending`.
    chargeback.documentation_status = "review_pending";
    chargeback.date_last_updated = now;
    chargebacks(ctx).put(chargeback.id, stored);
    return c.body(null, 200);
  });

  // Control API: open a chargeback on a payment, decide it, and see the files the "provider" received.
  app.post("/__sandbox/chargebacks", (c) => c.json(openChargeback(ctx, (c.get("jsonBody") ?? {}) as never), 201));

  app.post("/__sandbox/chargebacks/:id/resolve", (c) => {
    const body = (c.get("jsonBody") ?? {}) as { coverage_applied?: unknown };
    return c.json(resolveChargeback(ctx, c.req.param("id"), body.coverage_applied), 200);
  });

  app.get("/__sandbox/chargebacks/:id/files", (c) => {
    const stored = findChargeback(ctx, c.req.param("id"), null);
    if (!stored) throw notFound("chargeback", c.req.param("id"));
    return c.json({ files: stored.files }, 200);
  });
};
