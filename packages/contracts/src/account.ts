// zod schemas of account input and output (sign-up, sign-in, the signed-in
// user), shared by the tRPC routers and the web forms.
import { z } from "zod";
import { passwordSchema } from "./password-policy";

/**
 * `admin`: everything, users, settings and accounts included; `operator`: every money action and everything
 * read-only; `viewer`: read-only; `shopper`: the shop only.
 */
export const USER_ROLES = ["admin", "operator", "viewer", "shopper"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The roles that may enter the admin console. */
export const STAFF_ROLES = ["admin", "operator", "viewer"] as const satisfies readonly UserRole[];
export type StaffRole = (typeof STAFF_ROLES)[number];

/** How much a role may do, so "at least an operator" is one comparison. */
const ROLE_RANK: Readonly<Record<UserRole, number>> = { shopper: 0, viewer: 1, operator: 2, admin: 3 };

/** Whether `role` may do what `required` may (an admin may do what an operator may, and so on). */
export function hasRoleAtLeast(role: UserRole, required: StaffRole): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[required];
}

export function isStaffRole(role: UserRole): role is StaffRole {
  return hasRoleAtLeast(role, "viewer");
}

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

/** The languages e-mails are written in (the web app's languages). */
export const EMAIL_LOCALES = ["en", "es", "pt"] as const;
export const emailLocaleSchema = z.enum(EMAIL_LOCALES);
export type EmailLocale = z.infer<typeof emailLocaleSchema>;

export const signUpInputSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  name: nameSchema,
  /** The language the shopper uses, for the e-mails they get. */
  locale: emailLocaleSchema.optional(),
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

/**
 * What sign-up, "forgot password" and "resend the link" answer, whatever the address: an account that exists and
 * one that does not get the same answer, so the form never tells a stranger who has an account.
 */
export const emailSentResultSchema = z.object({ email: z.string(), sent: z.literal(true) });
export type EmailSentResult = z.infer<typeof emailSentResultSchema>;

/** The token of a one-time e-mail link (verification, password reset), as the page reads it from the link. */
export const emailLinkTokenSchema = z
  .string()
  .trim()
  .min(16, "This link is incomplete")
  .max(128, "This link is not valid")
  .regex(/^[A-Za-z0-9_-]+$/, "This link is not valid");

export const verifyEmailInputSchema = z.strictObject({ token: emailLinkTokenSchema });
export type VerifyEmailInput = z.infer<typeof verifyEmailInputSchema>;

export const requestPasswordResetInputSchema = z.strictObject({
  email: emailSchema,
  locale: emailLocaleSchema.optional(),
});
export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetInputSchema>;

export const resetPasswordInputSchema = z.strictObject({
  token: emailLinkTokenSchema,
  password: passwordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

/** Whether the signed-in user has proved their address (the "verify your e-mail" banner). */
export const emailVerificationStatusSchema = z.object({ email: z.string(), verified: z.boolean() });
export type EmailVerificationStatus = z.infer<typeof emailVerificationStatusSchema>;
