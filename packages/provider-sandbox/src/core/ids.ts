import { randomBytes, randomUUID } from "node:crypto";

// Id formats follow the provider's (provider-facts §4): numeric payment ids,
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
