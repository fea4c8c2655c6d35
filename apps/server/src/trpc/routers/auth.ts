// Sign-up, sign-in, sign-out and "who am I". Thin: validate, call the domain
// function, set or clear the cookie.

import { publicUserSchema, signInInputSchema, signUpInputSchema } from "@cobro/contracts";
import { z } from "zod";
import { invalidateSession } from "../../auth/sessions";
import { signIn } from "../../domain/accounts/sign-in";
import { signOut } from "../../domain/accounts/sign-out";
import { signOutEverywhere } from "../../domain/accounts/sign-out-everywhere";
import { signUp } from "../../domain/accounts/sign-up";
import { SIGN_IN_REQUESTS_PER_IP, SIGN_UPS_PER_IP } from "../../rate-limits/rules";
import { protectedProcedure, publicProcedure, rateLimitPerIp, router } from "../trpc";

const userResultSchema = z.object({ user: publicUserSchema });

export const authRouter = router({
  // Sign-up answers CONFLICT for a registered e-mail, which tells a prober it is registered; the per-address
  // limit bounds that probing until e-mail exists (docs/architecture.md, "Account enumeration").
  signUp: publicProcedure
    .use(rateLimitPerIp(SIGN_UPS_PER_IP))
    .input(signUpInputSchema)
    .output(userResultSchema)
    .mutation(async ({ ctx, input }) => {
      const { user, token, session } = await signUp({ db: ctx.deps.db, ...input, now: ctx.deps.now() });
      // A previous session in this browser (another account) ends here.
      if (ctx.session) await invalidateSession({ db: ctx.deps.db, sessionId: ctx.session.id });
      ctx.setSessionCookie(token, session.expiresAt);
      return { user };
    }),

  signIn: publicProcedure
    .use(rateLimitPerIp(SIGN_IN_REQUESTS_PER_IP))
    .input(signInInputSchema)
    .output(userResultSchema)
    .mutation(async ({ ctx, input }) => {
      const { user, token, session } = await signIn({
        db: ctx.deps.db,
        ...input,
        clientIp: ctx.clientIp,
        now: ctx.deps.now(),
      });
      // Always a new token on sign-in; the old one (if any) stops working.
      if (ctx.session) await invalidateSession({ db: ctx.deps.db, sessionId: ctx.session.id });
      ctx.setSessionCookie(token, session.expiresAt);
      return { user };
    }),

  // Public and idempotent: a browser with an expired session can still clear its cookie.
  signOut: publicProcedure
    .input(z.void())
    .output(z.object({ signedOut: z.literal(true) }))
    .mutation(async ({ ctx }) => {
      if (ctx.session) await signOut({ db: ctx.deps.db, sessionId: ctx.session.id });
      ctx.deleteSessionCookie();
      return { signedOut: true as const };
    }),

  signOutEverywhere: protectedProcedure
    .input(z.void())
    .output(z.object({ sessionsEnded: z.number().int().nonnegative() }))
    .mutation(async ({ ctx }) => {
      const sessionsEnded = await signOutEverywhere({ db: ctx.deps.db, userId: ctx.user.id, now: ctx.deps.now() });
      ctx.deleteSessionCookie();
      return { sessionsEnded };
    }),

  // Public so the web app can ask "am I signed in?" without a 401 in the console.
  me: publicProcedure
    .input(z.void())
    .output(z.object({ user: publicUserSchema.nullable() }))
    .query(({ ctx }) => ({ user: ctx.user })),
});
