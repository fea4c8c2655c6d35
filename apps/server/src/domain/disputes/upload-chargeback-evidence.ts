// Sends an operator's evidence for a chargeback to the provider (POST /v1/chargebacks/{id}/documentation), in the
// atomic phases of every provider write: the upload is stored with its idempotency key and audited, and committed;
// the provider is called outside any transaction with that key; the answer is recorded. A repeat of the key (a
// double click, a retry after a timeout) sends the same files with the same key. The files pass through memory
// only: the database keeps their names, types and sizes, never their content.
import {
  EVIDENCE_MAX_TOTAL_BYTES,
  type EvidenceFileType,
  isEvidenceFile,
  type UploadEvidenceInput,
  uploadEvidenceInputSchema,
} from "@cobro/contracts";
import { stringify as canonicalJson } from "safe-stable-stringify";
import { type ChargebackEvidenceUploadStatus, type JsonValue, toJsonb } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { isRefusedWithoutPayment, PAYMENT_CALL_DEADLINE_MS } from "../checkout/payment-attempt-policy";
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
  deps: Pick<AppDeps, "db" | "provider" | "now" | "logger">;
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
  const described = files.map((file) => ({ name: file.name, type: file.type, size: file.bytes.length }));

  const chargeback = await deps.db
    .selectFrom("chargebacks")
    .selectAll()
    .where("provider_chargeback_id", "=", input.chargebackId)
    .executeTakeFirst();
  if (!chargeback) throw new AppError("NOT_FOUND", "No chargeback with that id.", { field: "chargebackId" });

  const stored = await deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("chargeback_evidence_uploads")
      .values({
        idempotency_key: input.idempotencyKey,
        provider_chargeback_id: input.chargebackId,
        status: "pending",
        files: toJsonb(described),
        total_bytes: totalBytes,
        created_by: actorUserId,
        created_at: deps.now(),
      })
      .onConflict((oc) => oc.column("idempotency_key").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) {
      await recordAudit({
        db: trx,
        actorUserId,
        action: "chargeback.evidence_requested",
        resourceType: "chargeback",
        resourceId: input.chargebackId,
        idempotencyKey: input.idempotencyKey,
        details: { uploadId: inserted.id, files: described as unknown as JsonValue },
        now: deps.now(),
      });
      return { id: inserted.id, status: "pending" as ChargebackEvidenceUploadStatus };
    }
    const existing = await trx
      .selectFrom("chargeback_evidence_uploads")
      .select(["id", "status", "files", "provider_chargeback_id"])
      .where("idempotency_key", "=", input.idempotencyKey)
      .executeTakeFirstOrThrow();
    if (
      existing.provider_chargeback_id !== input.chargebackId ||
      canonicalJson(existing.files) !== canonicalJson(described)
    ) {
      throw new AppError("CONFLICT", "This upload was already sent with other files. Close it and start again.", {
        reason: "action_in_progress",
        field: "idempotencyKey",
      });
    }
    return { id: existing.id, status: existing.status };
  });
  if (stored.status === "succeeded") return { outcome: "done", uploadId: stored.id };
  // A first attempt past the deadline is refused here; a repeat of a stored upload goes out again (same key).
  if (stored.status === "pending" && !canUploadEvidence(chargeback, deps.now())) {
    await finish(deps, stored.id, "failed", "The deadline for evidence has passed.");
    throw new AppError("BAD_REQUEST", "The deadline for evidence has passed.", { field: "chargebackId" });
  }

  let status: ChargebackEvidenceUploadStatus;
  let failure: unknown = null;
  try {
    await deps.provider.chargebacks.uploadDocumentation(
      input.chargebackId,
      files.map((file) => ({ name: file.name, type: file.type, data: new Uint8Array(file.bytes) })),
      { idempotencyKey: input.idempotencyKey, signal: AbortSignal.timeout(PAYMENT_CALL_DEADLINE_MS) },
    );
    status = "succeeded";
  } catch (error) {
    failure = error;
    status = isRefusedWithoutPayment(error) ? "failed" : "unknown";
  }
  const message = status === "failed" ? "Mercado Pago refused the files." : null;
  await finish(deps, stored.id, status, message);
  await recordAudit({
    db: deps.db,
    actorUserId,
    action: `chargeback.evidence_${status}`,
    resourceType: "chargeback",
    resourceId: input.chargebackId,
    idempotencyKey: input.idempotencyKey,
    details: { uploadId: stored.id },
    now: deps.now(),
  });
  if (status === "succeeded") {
    // The provider now says `review_pending`: re-read it so the list shows it (a failed re-read only waits for the
    // notification).
    try {
      const fresh = await deps.provider.chargebacks.get(input.chargebackId);
      await applyChargebackSnapshot({ db: deps.db, chargeback: fresh, now: deps.now() });
    } catch (error) {
      deps.logger.warn({ err: error }, "chargeback re-read after upload failed");
    }
    return { outcome: "done", uploadId: stored.id };
  }
  if (status === "failed") {
    deps.logger.info({ err: failure }, "evidence upload refused by the provider");
    throw new AppError("BAD_REQUEST", "Mercado Pago refused the files: check their type, size and the deadline.", {
      field: "files",
    });
  }
  return { outcome: "unknown", uploadId: stored.id };
}

async function finish(
  deps: Pick<AppDeps, "db" | "now">,
  uploadId: string,
  status: ChargebackEvidenceUploadStatus,
  error: string | null,
): Promise<void> {
  let update = deps.db
    .updateTable("chargeback_evidence_uploads")
    .set({ status, error, ...(status === "unknown" ? {} : { completed_at: deps.now() }) })
    .where("id", "=", uploadId);
  // A concurrent repeat may have recorded the success first: a later timeout must not undo it.
  if (status !== "succeeded") update = update.where("status", "!=", "succeeded");
  await update.execute();
}
