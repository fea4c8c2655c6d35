// The Disputes list: mirrored chargebacks, the nearest deadline first (what needs an answer soonest), then the
// newest; filters by documentation status and "still open to evidence".
import type { ChargebackDetail, ChargebackListInput, ChargebackSummary } from "@cobro/contracts";
import { chargebackListInputSchema } from "@cobro/contracts";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { canUploadEvidence, documentsOf, toChargebackSummary } from "./chargeback-mirror";
import { syncChargebackFromProvider } from "./sync-chargeback-from-provider";

export async function listChargebacks(options: {
  db: Kysely<DB>;
  now: Date;
  filters: ChargebackListInput;
}): Promise<{ items: ChargebackSummary[]; total: number; offset: number; limit: number }> {
  const filters = chargebackListInputSchema.parse(options.filters);
  let query = options.db.selectFrom("chargebacks");
  if (filters.documentationStatus) query = query.where("documentation_status", "=", filters.documentationStatus);
  if (filters.paymentId) query = query.where("provider_payment_id", "=", filters.paymentId);
  if (filters.openOnly) {
    query = query
      .where("coverage_applied", "is", null)
      .where((eb) =>
        eb.or([eb("documentation_deadline", "is", null), eb("documentation_deadline", ">=", options.now)]),
      );
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy((eb) => eb.fn.coalesce("documentation_deadline", eb.val(new Date("9999-12-31T00:00:00Z"))), "asc")
      .orderBy("provider_chargeback_id", "desc")
      .limit(filters.limit)
      .offset(filters.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map(toChargebackSummary),
    total: Number(count.count),
    offset: filters.offset,
    limit: filters.limit,
  };
}

/**
 * One chargeback with its documents and Cobro's uploads. The provider is read first (the deadline and the
 * documentation status move there); when it cannot be reached the mirror answers.
 */
export async function getChargebackDetail(options: {
  deps: Pick<AppDeps, "db" | "provider" | "now" | "jobs" | "providerSettings" | "tokenEncryptionKey" | "logger">;
  chargebackId: string;
}): Promise<ChargebackDetail> {
  const { deps, chargebackId } = options;
  try {
    await syncChargebackFromProvider({ deps, chargebackId });
  } catch (error) {
    deps.logger.warn({ err: error, chargebackId }, "chargeback re-read failed; answering from the mirror");
  }
  const row = await deps.db
    .selectFrom("chargebacks")
    .selectAll()
    .where("provider_chargeback_id", "=", chargebackId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "No chargeback with that id.", { field: "chargebackId" });
  const uploads = await deps.db
    .selectFrom("chargeback_evidence_uploads")
    .innerJoin("provider_requests", "provider_requests.id", "chargeback_evidence_uploads.provider_request_id")
    .select([
      "chargeback_evidence_uploads.id",
      "provider_requests.status",
      "provider_requests.error",
      "chargeback_evidence_uploads.files",
      "chargeback_evidence_uploads.created_at",
    ])
    .where("chargeback_evidence_uploads.provider_chargeback_id", "=", chargebackId)
    .orderBy("chargeback_evidence_uploads.created_at", "desc")
    .execute();
  return {
    ...toChargebackSummary(row),
    coverageEligible: row.coverage_eligible,
    documents: documentsOf(row.snapshot),
    uploads: uploads.map((upload) => ({
      id: upload.id,
      status: upload.status,
      files: upload.files as ChargebackDetail["uploads"][number]["files"],
      error: (upload.error as { message?: string | null } | null)?.message ?? null,
      createdAt: upload.created_at.toISOString(),
    })),
    canUpload: canUploadEvidence(row, deps.now()),
  };
}
