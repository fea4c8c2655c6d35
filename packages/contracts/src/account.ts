// zod schemas of account input and output (sign-up, sign-in, the signed-in
// user), shared by the tRPC routers and the web forms.
import { z } from "zod";
import { passwordSchema } from "./password-policy";

export const USER_ROLES = ["admin", "shopper"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Emails are compared and stored trimmed and lower-case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "Email must be at most 254 characters")
  .pipe(z.email("Enter a valid email address"));

export const nameSchema = z.string().trim().min(1, "Enter your name").max(100, "Name must be at most 100 characters");

export const userRoleSchema = z.enum(USER_ROLES);

export const signUpInputSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  name: nameSchema,
});
export type SignUpInput = z.infer<typeof signUpInputSchema>;

export const signInInputSchema = z.strictObject({
  email: emailSchema,
  // No policy check here: the stored hash decides. The cap bounds hashing work.
  password: z.string().min(1, "Enter your password").max(1024, "Password is too long"),
});
export type SignInInput = z.infer<typeof signInInputSchema>;

/** What the browser may see of a user. */
export const publicUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: userRoleSchema,
});
export type PublicUser = z.infer<typeof publicUserSchema>;
