// Sends an operator's evidence for a chargeback to the provider (POST /v1/chargebacks/{id}/documentation) as a
// provider request (domain/provider-requests): the upload and its intent (the dialog's key, a fingerprint of the
// files' content) are committed and audited; the engine calls outside any transaction with that key; the answer is
// recorded. A repeat of the key (a double click, a retry after a timeout) sends the same files with the same key.
// The files pass through memory only: the database keeps their names, types and sizes, never their content.
import { createHash } from "node:crypto";
import {
  EVIDENCE_MAX_TOTAL_BYTES,
  type EvidenceFileType,
  isEvidenceFile,
  type UploadEvidenceInput,
  uploadEvidenceInputSchema,
} from "@cobro/contracts";
import type { Kysely } from "kysely";
import { type DB, type JsonValue, toJsonb } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { noEffectAfterDeadline } from "../provider-requests/no-effect-after";
import type { ProviderRequestDeps, ProviderRequestKind } from "../provider-requests/provider-request-kind";
import { recordProviderRequest } from "../provider-requests/record-provider-request";
import { runProviderRequest } from "../provider-requests/run-provider-request";
import { applyChargebackSnapshot, canUploadEvidence } from "./chargeback-mirror";

/** The first bytes each accepted type starts with: the name and the declared type are not enough. */
const SIGNATURES: Record<EvidenceFileType, number[]> = {
  "application/pdf": [0x25, 0x50, 0x44, 0x46], // %PDF
  "image/png": [0x89, 0x50, 0x4e, 0x47],
  "image/jpeg": [0xff, 0xd8, 0xff],
};

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

export async function uploadChargebackEvidence(options: {
  deps: ProviderRequestDeps;
  actorUserId: string;
  input: UploadEvidenceInput;
}): Promise<{ outcome: "done" | "unknown"; uploadId: string }> {
  const { deps, actorUserId } = options;
  const input = uploadEvidenceInputSchema.parse(options.input);
  const files = input.files.map((file, index) => {
    const bytes = Buffer.from(file.dataBase64, "base64");
    if (!isEvidenceFile(file.name, file.type) || !startsWith(bytes, SIGNATURES[file.type])) {
      throw new AppError("BAD_REQUEST", `${file.name} is not a .jpg, .png or .pdf file.`, {
        field: `files.${index}.type`,
      });
    }
    return { name: file.name, type: file.type, bytes };
  });
  const totalBytes = files.reduce((sum, file) => sum + file.bytes.length, 0);
  if (totalBytes > EVIDENCE_MAX_TOTAL_BYTES) {
    throw new AppError("BAD_REQUEST", "The files are more than 10 MB in all.", { field: "files" });
  }
  const described = files.map(describe);

  const chargeback = await deps.db
    .selectFrom("chargebacks")
    .selectAll()
    .where("provider_chargeback_id", "=", input.chargebackId)
    .executeTakeFirst();
  if (!chargeback) throw new AppError("NOT_FOUND", "No chargeback with that id.", { field: "chargebackId" });

  const kind = CHARGEBACK_EVIDENCE_UPLOAD;
  const stored = await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const { request, isNew } = await recordProviderRequest(
      trx,
      {
        kind: kind.kind,
        idempotencyKey: input.idempotencyKey,
        // Chargebacks are mirrored for the store's own account.
        providerAccountId: null,
        // What was sent, by content: a repeat of the key must send the same files.
        body: files.map((file) => ({ ...describe(file), sha256: sha256(file.bytes) })),
        resource: { type: "chargeback", id: input.chargebackId },
        now,
      },
      {
        // Only a first attempt is refused past the deadline; a repeat of a stored upload goes out again (same key).
        beforeInsert: async () => {
          if (!canUploadEvidence(chargeback, now)) {
            throw new AppError("BAD_REQUEST", "The deadline for evidence has passed.", { field: "chargebackId" });
          }
        },
      },
    );
    if (!isNew) return { request, uploadId: (await uploadOfRequest(trx, request.id)).id };
    const inserted = await trx
      .insertInto("chargeback_evidence_uploads")
      .values({
        provider_request_id: request.id,
        provider_chargeback_id: input.chargebackId,
        files: toJsonb(described),
        total_bytes: totalBytes,
        created_by: actorUserId,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorUserId,
      action: "chargeback.evidence_requested",
      resourceType: "chargeback",
      resourceId: input.chargebackId,
      idempotencyKey: input.idempotencyKey,
      details: { uploadId: inserted.id, files: described as unknown as JsonValue },
      now,
    });
    return { request, uploadId: inserted.id };
  });

  const { outcome, cause } = await runProviderRequest({
    deps,
    kind,
    request: stored.request,
    refusedMessage: "Mercado Pago refused the files.",
    call: ({ provider, idempotencyKey, signal }) =>
      provider.chargebacks.uploadDocumentation(
        input.chargebackId,
        files.map((file) => ({ name: file.name, type: file.type, data: new Uint8Array(file.bytes) })),
        { idempotencyKey, signal },
      ),
  });
  if (outcome.status === "failed") {
    if (cause !== null) deps.logger.info({ err: cause }, "evidence upload refused by the provider");
    throw new AppError("BAD_REQUEST", "Mercado Pago refused the files: check their type, size and the deadline.", {
      field: "files",
    });
  }
  if (outcome.status === "unknown") return { outcome: "unknown", uploadId: stored.uploadId };
  if (stored.request.status !== "succeeded") {
    // The provider now says `review_pending`: re-read it so the list shows it (a failed re-read only waits for the
    // notification).
    try {
      const fresh = await deps.provider.chargebacks.get(input.chargebackId);
      await applyChargebackSnapshot({ db: deps.db, chargeback: fresh, now: deps.now() });
    } catch (error) {
      deps.logger.warn({ err: error }, "chargeback re-read after upload failed");
    }
  }
  return { outcome: "done", uploadId: stored.uploadId };
}

function describe(file: { name: string; type: EvidenceFileType; bytes: Buffer }) {
  return { name: file.name, type: file.type, size: file.bytes.length };
}

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

async function uploadOfRequest(db: Kysely<DB>, requestId: string) {
  return db
    .selectFrom("chargeback_evidence_uploads")
    .selectAll()
    .where("provider_request_id", "=", requestId)
    .executeTakeFirstOrThrow();
}

/** An evidence upload as a provider request: its outcome is audited on the chargeback. */
export const CHARGEBACK_EVIDENCE_UPLOAD: ProviderRequestKind<{ status: number }> = {
  kind: "chargeback.evidence",
  async onOutcome(trx, request, outcome, { now, by }) {
    const upload = await uploadOfRequest(trx, request.id);
    await recordAudit({
      db: trx,
      actorUserId: by === "call" ? upload.created_by : null,
      action: `chargeback.evidence_${outcome.status}`,
      resourceType: "chargeback",
      resourceId: upload.provider_chargeback_id,
      idempotencyKey: request.idempotency_key,
      details: { uploadId: upload.id, ...(by === "reconcile" ? { settledBy: "reconcile" } : {}) },
      now,
    });
  },
  // provider: documentation received moves the chargeback out of `pending` (to review). Still pending
  // NO_PAYMENT_AFTER_MS after the upload was stored: the files did not arrive.
  async reconcile(deps, request) {
    const chargeback = await deps.provider.chargebacks.get(request.resource_id);
    await applyChargebackSnapshot({ db: deps.db, chargeback, now: deps.now() });
    if (chargeback.documentation_status !== "pending") return { status: "succeeded", answer: { status: 200 } };
    return noEffectAfterDeadline(request, deps.now(), "Mercado Pago shows no documentation.");
  },
};
