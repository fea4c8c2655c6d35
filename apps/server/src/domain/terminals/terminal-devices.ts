// The account's card terminals (GET /point/integration-api/devices) and switching one between PDV and
// STANDALONE (PATCH …/devices/{id}). provider: the terminal takes the new mode only after it restarts.
import type { TerminalDeviceList } from "@cobro/contracts";
import type { AppDeps } from "../../deps";
import { accountIdOfScope } from "../../provider/account-scope";
import { type AccountProviderDeps, providerForAccount } from "../../provider/provider-for-account";
import { recordAudit } from "../audit/record-audit";
import { toTerminalError } from "./terminal-errors";

export type TerminalDeps = Pick<AppDeps, "db" | "provider" | "now" | "logger" | "jobs">;

function text(value: unknown): string | null {
  return value === undefined || value === null || value === "" ? null : String(value);
}

export async function listTerminalDevices(options: {
  deps: AccountProviderDeps;
  /** null or omitted: the store's own account; else a connection's terminals, read with its credentials. */
  accountId?: string | null;
  filters: { storeId?: string | undefined; posId?: string | undefined; offset: number; limit: number };
}): Promise<TerminalDeviceList> {
  const { filters } = options;
  const provider = await providerForAccount(options.deps, options.accountId ?? null);
  const answer = await provider.point.devices({
    ...(filters.storeId ? { store_id: filters.storeId } : {}),
    ...(filters.posId ? { pos_id: Number(filters.posId) } : {}),
    offset: filters.offset,
    limit: filters.limit,
  });
  const devices = (answer.devices ?? []).map((device) => ({
    id: String(device.id),
    posId: text(device.pos_id),
    storeId: text(device.store_id),
    externalPosId: text(device.external_pos_id),
    operatingMode: text(device.operating_mode) ?? "UNDEFINED",
  }));
  return {
    devices,
    total: answer.paging?.total ?? devices.length,
    offset: answer.paging?.offset ?? filters.offset,
    limit: answer.paging?.limit ?? filters.limit,
  };
}

/**
 * Switches a terminal's mode on the account that owns it: the store's own, or a connected seller's (with the
 * seller's credentials). No idempotency key is needed: the PATCH sets a value, so a repeat (the dialog's "Try
 * again", which sends the same `account`) lands on the same account and leaves the same mode.
 */
export async function setTerminalMode(options: {
  deps: TerminalDeps & AccountProviderDeps;
  actorUserId: string;
  deviceId: string;
  operatingMode: "PDV" | "STANDALONE";
  /** The terminal's account: omitted or `own` for the store's own, else a connection's id. */
  account?: string | undefined;
}): Promise<{ deviceId: string; operatingMode: string; restartRequired: true }> {
  const { deps, deviceId, operatingMode } = options;
  const accountId = accountIdOfScope(options.account);
  const provider = await providerForAccount(deps, accountId);
  let answer: { operating_mode?: string };
  try {
    answer = await provider.point.setOperatingMode(deviceId, operatingMode);
  } catch (error) {
    throw toTerminalError(error) ?? error;
  }
  await recordAudit({
    db: deps.db,
    actorUserId: options.actorUserId,
    action: "terminal.mode_changed",
    resourceType: "terminal",
    resourceId: deviceId,
    details: { operatingMode: answer.operating_mode ?? operatingMode, accountId },
    now: deps.now(),
  });
  return { deviceId, operatingMode: answer.operating_mode ?? operatingMode, restartRequired: true };
}
