// admin.account.*: the Accounts area. The account Cobro charges with (`/users/me`) and the seller accounts
// connected by OAuth. Admins only, reads included: the area is an admin's (ADMIN_AREAS), and connecting,
// refreshing and disconnecting act on credentials. No procedure ever returns a token.
import {
  chargingAccountSchema,
  connectedAccountIdInputSchema,
  connectedAccountListSchema,
  connectedAccountSchema,
  startConnectionOutputSchema,
} from "@cobro/contracts";
import { z } from "zod";
import { getChargingAccount } from "../../domain/connected-accounts/get-charging-account";
import { disconnectSellerAccount, listConnectedAccounts } from "../../domain/connected-accounts/manage-connections";
import { refreshSellerConnection } from "../../domain/connected-accounts/refresh-connection";
import { startSellerConnection } from "../../domain/connected-accounts/start-connection";
import { adminProcedure, router } from "../trpc";

export const adminAccountRouter = router({
  chargingAccount: adminProcedure
    .output(chargingAccountSchema)
    .query(({ ctx }) => getChargingAccount({ deps: ctx.deps })),

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
