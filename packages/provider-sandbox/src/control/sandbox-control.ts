// What the control API can do, as plain functions: the HTTP routes under
// `/__sandbox/` and `createSandbox().control` both call these.

import type { SiteId, WebhookDelivery, WebhookNotice, WebhookTopic } from "../context";
import type { SandboxClockController } from "../core/clock";
import { DEFAULT_SELLER } from "../core/credentials";
import type { FaultInjector, FaultRule, FaultRuleInput } from "../core/faults";
import type { SandboxStateStore } from "../core/state";
import type { SandboxWebhookDispatcher } from "../core/webhooks";

export interface SellerCredentials {
  userId: number;
  siteId: SiteId;
  nickname: string;
  email: string;
  accessToken: string;
  refreshToken: string | null;
  publicKey: string;
}

/** How far to move the clock: milliseconds, or any mix of seconds/minutes/hours/days. */
export type ClockAdvance = number | { ms?: number; seconds?: number; minutes?: number; hours?: number; days?: number };

export interface SandboxControl {
  /** The default seller's fixed credentials. */
  readonly defaultSeller: { userId: number; accessToken: string; publicKey: string };
  /** Forgets all data, webhook deliveries and faults and moves the clock back to real time. */
  reset(): Promise<void>;
  now(): Date;
  /** Moves the sandbox clock forward and runs what fell due (charges, expiries, webhook retries). */
  advanceClock(by: ClockAdvance): Promise<Date>;
  deliveries(): WebhookDelivery[];
  /** Sends a signed notification of any topic and id now (the dashboard's "Simulate notification"). */
  simulateWebhook(notice: WebhookNotice): void;
  /** Resolves when no webhook delivery is pending (including scheduled retries). */
  idle(): Promise<void>;
  addFault(rule: FaultRuleInput): FaultRule;
  faults(): FaultRule[];
  removeFault(id: string): boolean;
  clearFaults(): void;
  /** A new seller with fresh credentials. */
  createSeller(input?: { siteId?: SiteId; nickname?: string }): SellerCredentials;
  /** Every seller with its access tokens. */
  sellers(): (Omit<SellerCredentials, "accessToken" | "refreshToken"> & { accessTokens: string[] })[];
}

/** Every topic the sandbox notifies (context.ts `WebhookTopic`). */
export const WEBHOOK_TOPICS: readonly WebhookTopic[] = [
  "payment",
  "order",
  "merchant_order",
  "subscription_preapproval",
  "subscription_preapproval_plan",
  "subscription_authorized_payment",
  "point_integration_wh",
  "mp-connect",
];

export function isWebhookTopic(value: string): value is WebhookTopic {
  return (WEBHOOK_TOPICS as readonly string[]).includes(value);
}

const MS_PER: Record<"ms" | "seconds" | "minutes" | "hours" | "days", number> = {
  ms: 1,
  seconds: 1000,
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
};

/** Converts a `ClockAdvance` to milliseconds; throws a RangeError for anything negative or non-numeric. */
export function clockAdvanceMs(by: ClockAdvance): number {
  if (typeof by === "number") {
    if (!Number.isFinite(by) || by < 0) throw new RangeError("ms must be a finite number ≥ 0");
    return by;
  }
  let total = 0;
  let any = false;
  for (const [unit, factor] of Object.entries(MS_PER) as [keyof typeof MS_PER, number][]) {
    const value = by[unit];
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
      throw new RangeError(`${unit} must be a finite number ≥ 0`);
    }
    total += value * factor;
    any = true;
  }
  if (!any) throw new RangeError("give ms, seconds, minutes, hours or days");
  return total;
}

export function createSandboxControl(deps: {
  store: SandboxStateStore;
  clock: SandboxClockController;
  webhooks: SandboxWebhookDispatcher;
  faults: FaultInjector;
}): SandboxControl {
  const { store, clock, webhooks, faults } = deps;
  return {
    defaultSeller: {
      userId: DEFAULT_SELLER.userId,
      accessToken: DEFAULT_SELLER.accessToken,
      publicKey: DEFAULT_SELLER.publicKey,
    },
    async reset() {
      webhooks.reset();
      faults.clear();
      store.reset();
      clock.resetOffset();
    },
    now: () => clock.now(),
    async advanceClock(by) {
      await clock.advance(clockAdvanceMs(by));
      return clock.now();
    },
    deliveries: () => webhooks.deliveries(),
    simulateWebhook: (notice) => webhooks.notify(notice),
    idle: () => webhooks.idle(),
    addFault: (rule) => faults.add(rule),
    faults: () => faults.list(),
    removeFault: (id) => faults.remove(id),
    clearFaults: () => faults.clear(),
    createSeller(input = {}) {
      const { seller, accessToken, refreshToken } = store.createSeller(input);
      return {
        userId: seller.userId,
        siteId: seller.siteId,
        nickname: seller.nickname,
        email: seller.email,
        accessToken,
        refreshToken,
        publicKey: seller.publicKey,
      };
    },
    sellers: () =>
      store.sellers().map((seller) => ({
        userId: seller.userId,
        siteId: seller.siteId,
        nickname: seller.nickname,
        email: seller.email,
        publicKey: seller.publicKey,
        accessTokens: store.accessTokensOf(seller.userId),
      })),
  };
}
