// The local mirror of the provider's chargebacks: written from every chargeback Cobro reads (the `chargebacks`
// notification, the console's detail, an evidence upload), read by the Disputes list. An older answer (by the
// provider's `date_last_updated`) never overwrites a newer one.
import type { ChargebackDetail, ChargebackSummary } from "@cobro/contracts";
import type { Chargeback } from "@cobro/provider-client";
import { type CurrencyCode, isSupportedCurrency, toMinorUnits } from "@cobro/provider-client/money";
import { type Kysely, type Selectable, sql } from "kysely";
import { type ChargebacksTable, type DB, toJsonb } from "../../db/schema";

function isoOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** Writes one chargeback the provider answered into the mirror. */
export async function applyChargebackSnapshot(options: { db: Kysely<DB>; chargeback: Chargeback; now: Date }) {
  const { db, chargeback, now } = options;
  const currency: CurrencyCode = isSupportedCurrency(chargeback.currency) ? chargeback.currency : "USD";
  const row = {
    provider_chargeback_id: chargeback.id,
    provider_payment_id: chargeback.payments[0] ?? null,
    amount_minor: toMinorUnits(chargeback.amount, currency),
    currency,
    reason: chargeback.reason ?? null,
    coverage_applied: chargeback.coverage_applied ?? null,
    coverage_eligible: chargeback.coverage_elegible ?? null,
    documentation_required: chargeback.documentation_required ?? false,
    documentation_status: chargeback.documentation_status,
    documentation_deadline: isoOrNull(chargeback.date_documentation_deadline),
    snapshot: toJsonb(chargeback),
    provider_created_at: isoOrNull(chargeback.date_created),
    provider_updated_at: isoOrNull(chargeback.date_last_updated),
    updated_at: now,
  };
  const { provider_chargeback_id: _id, ...changes } = row;
  await db
    .insertInto("chargebacks")
    .values(row)
    .onConflict((oc) =>
      oc
        .column("provider_chargeback_id")
        .doUpdateSet(changes)
        .where(
          sql<boolean>`chargebacks.provider_updated_at is null or excluded.provider_updated_at is null or excluded.provider_updated_at >= chargebacks.provider_updated_at`,
        ),
    )
    .execute();
}

/** Whether evidence may still be sent: undecided, and the deadline (if any) not passed. */
export function canUploadEvidence(row: Selectable<ChargebacksTable>, now: Date): boolean {
  if (row.coverage_applied !== null) return false;
  if (row.documentation_status === "not_supplied") return false;
  return row.documentation_deadline === null || row.documentation_deadline.getTime() >= now.getTime();
}

/** A mirror row as the console's list shows it. */
export function toChargebackSummary(row: Selectable<ChargebacksTable>): ChargebackSummary {
  return {
    id: row.provider_chargeback_id,
    paymentId: row.provider_payment_id,
    amount: { amountMinor: row.amount_minor, currency: row.currency as ChargebackSummary["amount"]["currency"] },
    reason: row.reason,
    documentationStatus: row.documentation_status,
    documentationRequired: row.documentation_required,
    deadline: row.documentation_deadline?.toISOString() ?? null,
    coverageApplied: row.coverage_applied,
    createdAt: row.provider_created_at?.toISOString() ?? null,
  };
}

/** The provider's document list of a snapshot (type and description only). */
export function documentsOf(snapshot: unknown): ChargebackDetail["documents"] {
  const documentation = (snapshot as { documentation?: unknown } | null)?.documentation;
  if (!Array.isArray(documentation)) return [];
  return documentation.map((entry) => {
    const doc = (entry ?? {}) as { type?: unknown; description?: unknown };
    return {
      type: typeof doc.type === "string" ? doc.type : null,
      description: typeof doc.description === "string" ? doc.description : null,
    };
  });
}
