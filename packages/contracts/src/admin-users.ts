// zod schemas of the console's user management (admin.users.*), shared by the
// tRPC router and the users page.
import { z } from "zod";
import {
  emailLinkTokenSchema,
  emailLocaleSchema,
  emailSchema,
  nameSchema,
  STAFF_ROLES,
  userRoleSchema,
} from "./account";
import { passwordSchema } from "./password-policy";

/** The users list: a search over email and name, an optional role, keyset pages on (created_at, id). */
export const adminUserListInputSchema = z
  .strictObject({
    search: z.string().trim().max(100, "search must be at most 100 characters").optional(),
    role: userRoleSchema.optional(),
    cursor: z.uuid("Invalid cursor").nullish(),
    // tRPC's infinite queries add the direction they page in; console lists only page forward.
    direction: z.enum(["forward", "backward"]).optional(),
    limit: z.number().int().min(1, "limit must be at least 1").max(100, "limit must be at most 100").default(20),
  })
  .default({ limit: 20 });
export type AdminUserListInput = z.input<typeof adminUserListInputSchema>;

export const adminUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: userRoleSchema,
  /** ISO time the user was disabled, or null while active. */
  disabledAt: z.iso.datetime().nullable(),
  /** ISO time the user verified their e-mail address, or null while unverified. */
  emailVerifiedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  /** The provider customer holding the user's saved cards (console: /admin/customers/<id>), or null. */
  providerCustomerId: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserIdInputSchema = z.strictObject({ userId: z.uuid("Invalid user id") });

export const adminSetUserDisabledInputSchema = z.strictObject({
  userId: z.uuid("Invalid user id"),
  disabled: z.boolean(),
});

/** The roles an invitation may give (staff only: shoppers sign up on their own). */
export const staffRoleSchema = z.enum(STAFF_ROLES);

/** How long an invitation's link works. */
export const STAFF_INVITATION_LIFETIME_DAYS = 7;

/** "Invite staff": an address and the role its owner gets on accepting. */
export const inviteStaffInputSchema = z.strictObject({
  email: emailSchema,
  role: staffRoleSchema,
  /** The language of the invitation e-mail (the inviting admin's). */
  locale: emailLocaleSchema.optional(),
});
export type InviteStaffInput = z.infer<typeof inviteStaffInputSchema>;

export const staffInvitationIdInputSchema = z.strictObject({ invitationId: z.uuid("Invalid invitation id") });

/** An open invitation as the users page lists it. */
export const staffInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: staffRoleSchema,
  invitedByName: z.string().nullable(),
  /** ISO time the current link stops working; `expired` once past. */
  expiresAt: z.iso.datetime(),
  expired: z.boolean(),
  lastSentAt: z.iso.datetime(),
  sentCount: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

/** What the invitation page shows before the invitee accepts: who is invited, as what, and whether to set a password. */
export const staffInvitationDetailsSchema = z.object({
  email: z.string(),
  role: staffRoleSchema,
  /** An account has the address already: accepting gives it the role (no new password). */
  accountExists: z.boolean(),
  expiresAt: z.iso.datetime(),
});
export type StaffInvitationDetails = z.infer<typeof staffInvitationDetailsSchema>;

export const staffInvitationTokenInputSchema = z.strictObject({ token: emailLinkTokenSchema });

/** Accepting: a new account needs a name and a password; an existing one needs neither. */
export const acceptStaffInvitationInputSchema = z.strictObject({
  token: emailLinkTokenSchema,
  name: nameSchema.optional(),
  password: passwordSchema.optional(),
});
export type AcceptStaffInvitationInput = z.infer<typeof acceptStaffInvitationInputSchema>;
