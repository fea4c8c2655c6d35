import { createHash, randomBytes, randomUUID } from "node:crypto";

// Id formats follow the provider's (docs/provider-facts.md §4): numeric payment ids,
// `ORD` + 26 ULID characters for orders, `pay_`/`ref_` + ULID-like for order
// transactions, 32 hex characters for card tokens and plans, `<collector>-<uuid>`
// for preferences and customers.

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** 26 Crockford base-32 characters: 10 of time, 16 random (ULID-like, sortable). */
export function ulidLike(nowMs: number): string {
  let time = "";
  let t = Math.floor(nowMs);
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(16);
  let rand = "";
  for (const b of bytes) rand += CROCKFORD[b % 32];
  return time + rand;
}

export function hex32(): string {
  return randomBytes(16).toString("hex");
}

export function uuid(): string {
  return randomUUID();
}

/**
 * A stable numeric payer id for an e-mail. provider: a payer given by e-mail
 * is resolved to a Mercado Pago account whose id the payment (`payer.id`, a
 * string) and the subscription (`payer_id`) answer; the sandbox has no payer
 * accounts, so the same e-mail always stands for the same payer.
 */
export function payerIdForEmail(email: string): number {
  const digest = createHash("sha256").update(`payer:${email.trim().toLowerCase()}`).digest();
  return 1_000_000_000 + (digest.readUInt32BE(0) % 1_000_000_000);
}
