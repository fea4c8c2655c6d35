// Where the payment mirror's sync stands (the `provider_sync_state` row of `payments`), for the console.
import type { PaymentSyncStatus } from "@cobro/contracts";
import type { AppDeps } from "../../deps";
import { PAYMENTS_SYNC_RESOURCE } from "./sync-payments-from-provider";

export async function readPaymentsSyncStatus(options: { deps: Pick<AppDeps, "db"> }): Promise<PaymentSyncStatus> {
  const row = await options.deps.db
    .selectFrom("provider_sync_state")
    .selectAll()
    .where("resource", "=", PAYMENTS_SYNC_RESOURCE)
    .executeTakeFirst();
  return {
    cursor: row?.cursor?.toISOString() ?? null,
    lastStartedAt: row?.last_started_at?.toISOString() ?? null,
    lastFinishedAt: row?.last_finished_at?.toISOString() ?? null,
    lastApplied: row?.last_applied ?? 0,
    lastError: row?.last_error ?? null,
  };
}
