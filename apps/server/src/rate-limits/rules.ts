// The per-address limits at the edge of the API. Sign-in failures have their
// own, finer throttle in domain/users/sign-in-throttle.ts.
import type { RateLimitRule } from "./limiter";

/** Sign-in requests per address: bounds the scrypt work one address can ask for, whatever the outcome. */
export const SIGN_IN_REQUESTS_PER_IP: RateLimitRule = { name: "sign-in:requests:ip", points: 60, durationSeconds: 60 };

/** Sign-ups per address: account spam, and probing which e-mails are registered (docs/architecture.md). */
export const SIGN_UPS_PER_IP: RateLimitRule = { name: "sign-up:requests:ip", points: 10, durationSeconds: 60 * 60 };

/**
 * Webhook deliveries that fail the signature check, per address. Correctly signed ones are never counted or
 * refused: behind a proxy, a junk flood from the same address must not make the provider's deliveries fail.
 */
export const UNSIGNED_WEBHOOKS_PER_IP: RateLimitRule = {
  name: "webhook:unsigned:ip",
  points: 60,
  durationSeconds: 60,
};

/**
 * E-mails a request can trigger to one recipient (a repeated sign-up's "you already have an account", a resent
 * verification link, a reset link), so nobody can flood an inbox through the shop. Over the limit, the request
 * answers as usual and no message is queued.
 */
export const EMAILS_PER_RECIPIENT: RateLimitRule = { name: "email:recipient", points: 5, durationSeconds: 60 * 60 };

/** "Forgot password" requests per address: the same bound as sign-ups. */
export const PASSWORD_RESETS_PER_IP: RateLimitRule = {
  name: "password-reset:requests:ip",
  points: 10,
  durationSeconds: 60 * 60,
};

/**
 * Payment-link thank-you checks per address: each one reads a payment from the provider, so a script must not turn
 * the public page into a flood of provider calls. The page asks every 2.5 s while a payment is pending (24 a minute).
 */
export const LINK_RESULTS_PER_IP: RateLimitRule = { name: "link-result:requests:ip", points: 60, durationSeconds: 60 };
