// "Simulate: tap card on terminal": the sandbox's terminal takes the charge and the card approves (test cardholder
// APRO) or is declined (OTHE, docs/provider-facts.md §5.1), as a buyer at the counter would. Cobro then learns the outcome
// the way it does from a real terminal (the notification and the page's live follow); the answer here is the
// charge re-read from the provider.
import type { PointIntentView } from "@cobro/contracts";
import type { AppDeps } from "../../deps";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { refreshPointIntent } from "../terminals/point-intents";
import { assertSandboxMode, postSandboxControl } from "./sandbox-control-api";

/** The states in which a charge still waits for a card on the terminal. */
const WAITING_STATES = new Set(["OPEN", "ON_TERMINAL"]);

export async function simulateTerminalTap(options: {
  deps: Pick<AppDeps, "db" | "provider" | "providerSettings" | "now" | "jobs">;
  actorUserId: string;
  id: string;
  outcome: "approve" | "decline";
}): Promise<PointIntentView> {
  const { deps } = options;
  assertSandboxMode(deps);
  const row = await deps.db
    .selectFrom("point_intents")
    .select(["id", "provider_intent_id", "state", "device_id"])
    .where("id", "=", options.id)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "The charge was not found.", { reason: "not_found", field: "id" });
  if (row.provider_intent_id === null || row.state === null || !WAITING_STATES.has(row.state)) {
    throw new AppError("CONFLICT", "This charge is not waiting for a card on the terminal.", {
      reason: "terminal_intent_not_waiting",
      field: "id",
    });
  }
  await postSandboxControl(deps, `/__sandbox/point/intents/${encodeURIComponent(row.provider_intent_id)}/advance`, {
    to: "FINISHED",
    cardholder: options.outcome === "approve" ? "APRO" : "OTHE",
  });
  await recordAudit({
    db: deps.db,
    actorUserId: options.actorUserId,
    action: "sandbox.terminal_tap_simulated",
    resourceType: "point_intent",
    resourceId: row.id,
    details: { outcome: options.outcome, deviceId: row.device_id },
    now: deps.now(),
  });
  return refreshPointIntent({ deps, id: row.id });
}
