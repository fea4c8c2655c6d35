/**
 * Where an idempotent provider call stands, for every kind: `pending` (recorded; a call may be out under a lease),
 * `succeeded` (the provider answered with its effect), `failed` (refused without effect), `unknown` (a call went
 * out and its answer was never seen: the effect may exist until reconciliation says otherwise).
 */
export const PROVIDER_REQUEST_STATUSES = ["pending", "succeeded", "failed", "unknown"] as const;
export type ProviderRequestStatus = (typeof PROVIDER_REQUEST_STATUSES)[number];
