// The server's zod schemas for the shopper forms, so the browser validates
// exactly what checkout.create and friends will accept. shop-schemas.ts
// imports nothing but zod and the pure money table, so it bundles into the
// browser. (@cobro/server is not a dependency of the web app, hence the
// relative path; account-schemas.ts is not imported because it pulls in the
// server's scrypt module.)
import { z } from "zod";

export {
  checkoutCreateInputSchema,
  identificationSchema,
  payerSchema,
  subscriptionCreateInputSchema,
} from "../../server/src/domain/shop/shop-schemas";

/** Mirrors the server's password policy (auth/passwords.ts): 8 to 128 characters. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Sign-in: the same checks as the server's `signInInputSchema`. */
export const signInFormSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  password: z.string().min(1).max(1024),
});

/** Sign-up: the same checks as the server's `signUpInputSchema`. */
export const signUpFormSchema = z.object({
  name: z.string().trim().min(1).max(100),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
});
