// The secret a guest uses to come back to their checkout (pay it, see its
// result). 32 random bytes, base64url; only its SHA-256 is stored, so a
// database leak does not hand out access to anyone's checkout.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export function hashCheckoutToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** A new token (returned to the browser once) and the hash to store. */
export function createCheckoutToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashCheckoutToken(token) };
}

/** Whether `token` is the one whose hash is stored (constant-time comparison). */
export function checkoutTokenMatches(token: string | null | undefined, storedHash: string | null): boolean {
  if (!token || !storedHash) return false;
  const given = Buffer.from(hashCheckoutToken(token), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}
