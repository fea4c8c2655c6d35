// admin.account.*: the Accounts area. The account Cobro charges with (`/users/me`) and the seller accounts
// connected by OAuth. Admins only, reads included: the area is an admin's (ADMIN_AREAS), and connecting,
// refreshing and disconnecting act on credentials. No procedure ever returns a token.
import {
  accountOptionSchema,
  chargingAccountSchema,
  chargingSettingSchema,
  connectedAccountIdInputSchema,
  connectedAccountListSchema,
  connectedAccountSchema,
  setChargingAccountInputSchema,
  startConnectionOutputSchema,
} from "@cobro/contracts";
import { z } from "zod";
import { getChargingSetting, setChargingAccount } from "../../domain/connected-sellers/charging-setting";
import { getChargingAccount } from "../../domain/connected-sellers/get-charging-account";
import {
  disconnectSellerAccount,
  listAccountOptions,
  listConnectedAccounts,
} from "../../domain/connected-sellers/manage-connections";
import { refreshSellerConnection } from "../../domain/connected-sellers/refresh-connection";
import { startSellerConnection } from "../../domain/connected-sellers/start-connection";
import { adminProcedure, router, viewerProcedure } from "../trpc";

export const adminAccountRouter = router({
  chargingAccount: adminProcedure
    .output(chargingAccountSchema)
    .query(({ ctx }) => getChargingAccount({ deps: ctx.deps })),

  /** Which account new checkouts charge on (null: the store's own), and the last fallback after a revocation. */
  chargingSetting: adminProcedure
    .output(chargingSettingSchema)
    .query(({ ctx }) => getChargingSetting({ db: ctx.deps.db })),

  /** Switches where new checkouts charge (moves where money goes: the console confirms first; audited). */
  setChargingAccount: adminProcedure
    .input(setChargingAccountInputSchema)
    .output(chargingSettingSchema)
    .mutation(({ ctx, input }) =>
      setChargingAccount({
        db: ctx.deps.db,
        accountId: input.accountId,
        actorUserId: ctx.user.id,
        now: ctx.deps.now(),
      }),
    ),

  /** The connections as the lists' account filter and labels show them (any staff role: every list filters). */
  accountOptions: viewerProcedure
    .output(z.array(accountOptionSchema))
    .query(({ ctx }) => listAccountOptions({ db: ctx.deps.db })),

  connections: adminProcedure
    .output(connectedAccountListSchema)
    .query(({ ctx }) => listConnectedAccounts({ deps: ctx.deps })),

  startConnect: adminProcedure
    .output(startConnectionOutputSchema)
    .mutation(({ ctx }) => startSellerConnection({ deps: ctx.deps, userId: ctx.user.id, sessionId: ctx.session.id })),

  refresh: adminProcedure
    .input(connectedAccountIdInputSchema)
    .output(z.object({ account: connectedAccountSchema, outcome: z.enum(["refreshed", "revoked", "failed"]) }))
    .mutation(({ ctx, input }) =>
      refreshSellerConnection({ deps: ctx.deps, accountId: input.accountId, actorUserId: ctx.user.id }),
    ),

  disconnect: adminProcedure
    .input(connectedAccountIdInputSchema)
    .output(connectedAccountSchema)
    .mutation(({ ctx, input }) =>
      disconnectSellerAccount({ deps: ctx.deps, accountId: input.accountId, actorUserId: ctx.user.id }),
    ),
});
