// zod schemas of the console's user management (admin.users.*), shared by the
// tRPC router and the users page.
import { z } from "zod";
import { userRoleSchema } from "./account";

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
