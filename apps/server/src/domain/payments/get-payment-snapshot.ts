// The provider's payment body as last mirrored: the console's "raw JSON", read from the database only.
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";

/** The provider's payment body as last mirrored (the detail's "raw JSON"); NOT_FOUND when not mirrored. */
export async function getPaymentSnapshot(options: {
  deps: Pick<AppDeps, "db">;
  providerPaymentId: number;
}): Promise<unknown> {
  const row = await options.deps.db
    .selectFrom("payments")
    .select("snapshot")
    .where("provider_payment_id", "=", options.providerPaymentId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "There is no such payment.", { reason: "not_found" });
  return row.snapshot;
}
