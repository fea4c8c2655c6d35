// The claims of the Disputes area, read from the provider's search (GET /post-purchase/v1/claims/search, offset
// paging; Cobro keeps no copy). A claim carries no amount: the amount shown is the claimed payment's, from the
// payment mirror. The deadline is the seller's earliest mandatory action's due date.
import { type ClaimListInput, type ClaimSummary, claimListInputSchema } from "@cobro/contracts";
import type { Claim } from "@cobro/provider-client";
import type { AppDeps } from "../../deps";

function deadlineOf(claim: Claim): string | null {
  const dates = (claim.players ?? [])
    .filter((player) => player.role === "respondent")
    .flatMap((player) => player.available_actions ?? [])
    .filter((action) => action.mandatory && action.due_date)
    .map((action) => action.due_date as string)
    .sort();
  return dates[0] ?? null;
}

/** Claims as the console shows them, each with its payment's amount from the mirror when Cobro has it. */
async function toClaimSummaries(db: AppDeps["db"], claims: Claim[]): Promise<ClaimSummary[]> {
  const paymentIds = claims.filter((claim) => claim.resource === "payment").map((claim) => claim.resource_id);
  const payments =
    paymentIds.length === 0
      ? []
      : await db
          .selectFrom("payments")
          .select(["provider_payment_id", "amount_minor", "currency"])
          .where("provider_payment_id", "in", paymentIds)
          .execute();
  const byId = new Map(payments.map((payment) => [payment.provider_payment_id, payment]));
  return claims.map((claim): ClaimSummary => {
    const paymentId = claim.resource === "payment" ? claim.resource_id : null;
    const payment = paymentId === null ? undefined : byId.get(paymentId);
    return {
      id: claim.id,
      paymentId,
      amount: payment
        ? {
            amountMinor: payment.amount_minor,
            currency: payment.currency as NonNullable<ClaimSummary["amount"]>["currency"],
          }
        : null,
      type: claim.type,
      stage: claim.stage,
      status: claim.status,
      reason: claim.reason_id ?? null,
      deadline: deadlineOf(claim),
      createdAt: claim.date_created,
    };
  });
}

export async function listClaims(options: {
  deps: Pick<AppDeps, "db" | "provider">;
  filters: ClaimListInput;
}): Promise<{ items: ClaimSummary[]; total: number; offset: number; limit: number }> {
  const filters = claimListInputSchema.parse(options.filters);
  const page = await options.deps.provider.claims.search({
    ...(filters.status ? { status: filters.status } : {}),
    limit: filters.limit,
    offset: filters.offset,
  });
  return {
    items: await toClaimSummaries(options.deps.db, page.data),
    total: page.paging.total,
    offset: page.paging.offset,
    limit: page.paging.limit,
  };
}

/** One claim re-read from the provider (its stage and the seller's due actions move there). */
export async function getClaim(options: { deps: Pick<AppDeps, "db" | "provider">; claimId: number }) {
  const claim = await options.deps.provider.claims.get(options.claimId);
  const [summary] = await toClaimSummaries(options.deps.db, [claim]);
  if (!summary) throw new Error("unreachable: one claim in, one summary out");
  return summary;
}
