// The admin console's procedures. Users and settings are admins' only; the
// catalog is read by every staff role and edited by admins; payments
// (admin-payments.ts) and the operations areas (overview, webhooks, audit) are
// read by viewers, and their actions (money actions, replay) need an operator.
// Each procedure validates with the contracts' schemas and calls one domain
// function.

import {
  adminProductListInputSchema,
  adminProductSchema,
  adminSetUserDisabledInputSchema,
  adminUserIdInputSchema,
  adminUserListInputSchema,
  adminUserSchema,
  createProductInputSchema,
  inviteStaffInputSchema,
  productIdInputSchema,
  publicUserSchema,
  staffInvitationIdInputSchema,
  staffInvitationSchema,
  storeSettingsSchema,
  updateProductInputSchema,
  updateStoreSettingsInputSchema,
  uploadStoreLogoInputSchema,
  userRoleSchema,
} from "@cobro/contracts";
import { z } from "zod";
import { createSession } from "../../auth/sessions";
import { listAdminProducts } from "../../domain/catalog/list-admin-products";
import { createProduct, deactivateProduct, updateProduct } from "../../domain/catalog/save-product";
import { removeStoreLogo, uploadStoreLogo } from "../../domain/settings/store-logo";
import { getStoreSettings } from "../../domain/settings/store-settings";
import { updateStoreSettings } from "../../domain/settings/update-store-settings";
import { inviteStaff, resendStaffInvitation, revokeStaffInvitation } from "../../domain/staff-invitations/invite-staff";
import { listStaffInvitations } from "../../domain/staff-invitations/list-staff-invitations";
import { changeUserRole } from "../../domain/users/change-user-role";
import { listUsers } from "../../domain/users/list-users";
import { setUserDisabled } from "../../domain/users/set-user-disabled";
import { signOutUserEverywhere } from "../../domain/users/sign-out-user-everywhere";
import { AppError } from "../../errors/app-error";
import { adminProcedure, router, viewerProcedure } from "../trpc";
import { adminAccountRouter } from "./admin-account";
import { adminAuditRouter } from "./admin-audit";
import { adminCustomersRouter } from "./admin-customers";
import { adminDisputesRouter } from "./admin-disputes";
import { adminLinksRouter } from "./admin-links";
import { adminMerchantOrdersRouter } from "./admin-merchant-orders";
import { adminOrdersRouter } from "./admin-orders";
import { adminOverviewRouter } from "./admin-overview";
import { adminPaymentsRouter } from "./admin-payments";
import { adminPlansRouter } from "./admin-plans";
import { adminSearchProcedure } from "./admin-search";
import { adminStoreOrdersRouter } from "./admin-store-orders";
import { adminSubscriptionsRouter } from "./admin-subscriptions";
import { adminTerminalsRouter } from "./admin-terminals";
import { adminWebhooksRouter } from "./admin-webhooks";

const usersRouter = router({
  list: adminProcedure
    .input(adminUserListInputSchema)
    .output(z.object({ items: z.array(adminUserSchema), nextCursor: z.uuid().nullable() }))
    .query(async ({ ctx, input }) => {
      const page = await listUsers({
        db: ctx.deps.db,
        limit: input.limit,
        cursor: input.cursor ?? null,
        search: input.search ?? null,
        role: input.role ?? null,
      });
      return {
        items: page.items.map((user) => ({
          ...user,
          disabledAt: user.disabledAt?.toISOString() ?? null,
          emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
          createdAt: user.createdAt.toISOString(),
        })),
        nextCursor: page.nextCursor,
      };
    }),

  setRole: adminProcedure
    .input(z.object({ userId: z.uuid("Invalid user id"), role: userRoleSchema }))
    .output(z.object({ user: publicUserSchema, changed: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      const result = await changeUserRole({
        db: ctx.deps.db,
        actorUserId: ctx.user.id,
        userId: input.userId,
        role: input.role,
        now: ctx.deps.now(),
      });
      // An admin changing their own role lost this session with the others:
      // hand them a new token that carries the new role.
      if (result.changed && input.userId === ctx.user.id) {
        const { token, session } = await createSession({ db: ctx.deps.db, userId: ctx.user.id, now: ctx.deps.now() });
        ctx.setSessionCookie(token, session.expiresAt);
      }
      return { user: result.user, changed: result.changed };
    }),

  setDisabled: adminProcedure
    .input(adminSetUserDisabledInputSchema)
    .output(z.object({ changed: z.boolean(), disabledAt: z.iso.datetime().nullable(), sessionsEnded: z.number() }))
    .mutation(async ({ ctx, input }) => {
      // Disabling yourself would lock you out mid-request; another admin must do it.
      if (input.disabled && input.userId === ctx.user.id) {
        throw new AppError("BAD_REQUEST", "You cannot disable your own account.", { field: "userId" });
      }
      const result = await setUserDisabled({
        db: ctx.deps.db,
        actorUserId: ctx.user.id,
        userId: input.userId,
        disabled: input.disabled,
        now: ctx.deps.now(),
      });
      return { ...result, disabledAt: result.disabledAt?.toISOString() ?? null };
    }),

  signOutEverywhere: adminProcedure
    .input(adminUserIdInputSchema)
    .output(z.object({ sessionsEnded: z.number() }))
    .mutation(({ ctx, input }) =>
      signOutUserEverywhere({ db: ctx.deps.db, actorUserId: ctx.user.id, userId: input.userId, now: ctx.deps.now() }),
    ),
});

// Staff invitations (users page, "Invite staff"): admins only; every change is audited by the domain.
const invitationsRouter = router({
  list: adminProcedure
    .output(z.object({ items: z.array(staffInvitationSchema) }))
    .query(async ({ ctx }) => ({ items: await listStaffInvitations({ db: ctx.deps.db, now: ctx.deps.now() }) })),

  create: adminProcedure
    .input(inviteStaffInputSchema)
    .output(z.object({ invitationId: z.uuid() }))
    .mutation(({ ctx, input }) => inviteStaff({ deps: ctx.deps, actorUserId: ctx.user.id, ...input })),

  resend: adminProcedure
    .input(staffInvitationIdInputSchema)
    .output(z.object({ expiresAt: z.iso.datetime() }))
    .mutation(async ({ ctx, input }) => {
      const { expiresAt } = await resendStaffInvitation({
        deps: ctx.deps,
        actorUserId: ctx.user.id,
        invitationId: input.invitationId,
      });
      return { expiresAt: expiresAt.toISOString() };
    }),

  revoke: adminProcedure
    .input(staffInvitationIdInputSchema)
    .output(z.object({ revoked: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await revokeStaffInvitation({
        db: ctx.deps.db,
        actorUserId: ctx.user.id,
        invitationId: input.invitationId,
        now: ctx.deps.now(),
      });
      return { revoked: true as const };
    }),
});

const settingsOutputSchema = z.object({ settings: storeSettingsSchema, version: z.number() });

const settingsRouter = router({
  get: adminProcedure.output(settingsOutputSchema).query(({ ctx }) => getStoreSettings({ db: ctx.deps.db })),

  update: adminProcedure
    .input(updateStoreSettingsInputSchema)
    .output(settingsOutputSchema.extend({ changed: z.array(z.string()) }))
    .mutation(({ ctx, input }) =>
      updateStoreSettings({ db: ctx.deps.db, actorUserId: ctx.user.id, changes: input, now: ctx.deps.now() }),
    ),

  // The one procedure with a larger body limit (app.ts, LOGO_UPLOAD_BODY_LIMIT_BYTES): the image comes as base64.
  uploadLogo: adminProcedure
    .input(uploadStoreLogoInputSchema)
    .output(settingsOutputSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await uploadStoreLogo({
        db: ctx.deps.db,
        actorUserId: ctx.user.id,
        dataBase64: input.logo,
        now: ctx.deps.now(),
      });
      return { settings: result.settings, version: result.version };
    }),

  removeLogo: adminProcedure
    .input(z.void())
    .output(settingsOutputSchema)
    .mutation(async ({ ctx }) => {
      const result = await removeStoreLogo({ db: ctx.deps.db, actorUserId: ctx.user.id, now: ctx.deps.now() });
      return { settings: result.settings, version: result.version };
    }),
});

const productResultSchema = z.object({ product: adminProductSchema, changed: z.boolean() });

const catalogRouter = router({
  list: viewerProcedure
    .input(adminProductListInputSchema)
    .output(z.object({ items: z.array(adminProductSchema), nextCursor: z.uuid().nullable() }))
    .query(({ ctx, input }) =>
      listAdminProducts({ db: ctx.deps.db, limit: input.limit, cursor: input.cursor ?? null }),
    ),

  create: adminProcedure
    .input(createProductInputSchema)
    .output(adminProductSchema)
    .mutation(({ ctx, input }) =>
      createProduct({ deps: ctx.deps, actorUserId: ctx.user.id, fields: input, now: ctx.deps.now() }),
    ),

  update: adminProcedure
    .input(updateProductInputSchema)
    .output(productResultSchema)
    .mutation(({ ctx, input }) =>
      updateProduct({
        deps: ctx.deps,
        actorUserId: ctx.user.id,
        productId: input.id,
        fields: input.fields,
        now: ctx.deps.now(),
      }),
    ),

  deactivate: adminProcedure
    .input(productIdInputSchema)
    .output(productResultSchema)
    .mutation(({ ctx, input }) =>
      deactivateProduct({ db: ctx.deps.db, actorUserId: ctx.user.id, productId: input.id, now: ctx.deps.now() }),
    ),
});

export const adminRouter = router({
  users: usersRouter,
  invitations: invitationsRouter,
  overview: adminOverviewRouter,
  webhooks: adminWebhooksRouter,
  audit: adminAuditRouter,
  settings: settingsRouter,
  catalog: catalogRouter,
  payments: adminPaymentsRouter,
  orders: adminOrdersRouter,
  storeOrders: adminStoreOrdersRouter,
  links: adminLinksRouter,
  merchantOrders: adminMerchantOrdersRouter,
  disputes: adminDisputesRouter,
  customers: adminCustomersRouter,
  plans: adminPlansRouter,
  subscriptions: adminSubscriptionsRouter,
  terminals: adminTerminalsRouter,
  account: adminAccountRouter,
  search: adminSearchProcedure,
});
