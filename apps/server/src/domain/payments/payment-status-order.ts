// The order a payment's status may move in. Notifications arrive late, twice
// and out of order, and two jobs may fetch the same payment moments apart; a
// mirror that simply wrote the last snapshot it saw could move a refunded
// payment back to approved. So a snapshot is applied only when it is not older
// than the stored one (provider `date_last_updated`) and its status does not
// rank below the stored status.
//
// provider: statuses are pending, in_process, authorized, approved,
// in_mediation, rejected, cancelled, refunded, charged_back (docs/provider-facts.md §4.1).
// pending/in_process → authorized (card reserved) → approved, rejected or
// cancelled (outcomes) → refunded or charged_back (money returned). A dispute
// (in_mediation) can open on an approved payment and close back to approved,
// so the two share a rank and the newer snapshot decides between them.

const STATUS_RANKS: Readonly<Record<string, number>> = {
  pending: 0,
  in_process: 1,
  authorized: 2,
  approved: 3,
  in_mediation: 3,
  rejected: 3,
  cancelled: 3,
  refunded: 4,
  charged_back: 4,
};

/** Rank of a status; an unknown (newer provider) status ranks with the outcomes, so it neither blocks nor demotes. */
export function paymentStatusRank(status: string): number {
  return STATUS_RANKS[status] ?? 3;
}

export interface PaymentSnapshotVersion {
  status: string;
  /** provider `date_last_updated`; null when the provider sent none. */
  lastUpdated: Date | null;
}

/**
 * Whether `incoming` may replace `stored`: never an older snapshot, never a
 * lower-ranked status. Equal rank with an equal or newer date is applied (e.g.
 * a partial refund changes the amount refunded but not the status).
 */
export function shouldApplyPaymentSnapshot(stored: PaymentSnapshotVersion, incoming: PaymentSnapshotVersion): boolean {
  if (stored.lastUpdated && incoming.lastUpdated && incoming.lastUpdated.getTime() < stored.lastUpdated.getTime()) {
    return false;
  }
  return paymentStatusRank(incoming.status) >= paymentStatusRank(stored.status);
}
