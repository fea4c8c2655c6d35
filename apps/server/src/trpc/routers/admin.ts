// The console's procedures: `users` (admin only) and `payments` (admin-payments.ts: viewers read, operators act).

import { publicUserSchema, userRoleSchema } from "@cobro/contracts";
import { z } from "zod";
import { createSession } from "../../auth/sessions";
import { changeUserRole } from "../../domain/accounts/change-user-role";
import { listUsers } from "../../domain/accounts/list-users";
import { adminProcedure, router } from "../trpc";
import { adminPaymentsRouter } from "./admin-payments";

const listedUserSchema = publicUserSchema.extend({ createdAt: z.iso.datetime() });

const usersRouter = router({
  list: adminProcedure
    .input(
      z
        .object({
          limit: z.number().int().min(1).max(100).default(20),
          cursor: z.uuid("Invalid cursor").nullish(),
        })
        .default({ limit: 20 }),
    )
    .output(z.object({ items: z.array(listedUserSchema), nextCursor: z.uuid().nullable() }))
    .query(async ({ ctx, input }) => {
      const page = await listUsers({ db: ctx.deps.db, limit: input.limit, cursor: input.cursor ?? null });
      return {
        items: page.items.map((user) => ({ ...user, createdAt: user.createdAt.toISOString() })),
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
});

export const adminRouter = router({
  users: usersRouter,
  payments: adminPaymentsRouter,
});
