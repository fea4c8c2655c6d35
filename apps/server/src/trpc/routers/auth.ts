// Sign-up, sign-in, sign-out and "who am I". Thin: validate, call the domain
// function, set or clear the cookie.

import {
  acceptStaffInvitationInputSchema,
  emailSentResultSchema,
  emailVerificationStatusSchema,
  publicUserSchema,
  requestPasswordResetInputSchema,
  resetPasswordInputSchema,
  signInInputSchema,
  signUpInputSchema,
  staffInvitationDetailsSchema,
  staffInvitationTokenInputSchema,
  verifyEmailInputSchema,
} from "@cobro/contracts";
import { z } from "zod";
import { invalidateSession } from "../../auth/sessions";
import {
  acceptStaffInvitation,
  getStaffInvitationDetails,
} from "../../domain/staff-invitations/accept-staff-invitation";
import { requestPasswordReset } from "../../domain/users/request-password-reset";
import { resetPassword } from "../../domain/users/reset-password";
import { getEmailVerificationStatus, sendVerificationEmail } from "../../domain/users/send-verification-email";
import { signIn } from "../../domain/users/sign-in";
import { signOut } from "../../domain/users/sign-out";
import { signOutEverywhere } from "../../domain/users/sign-out-everywhere";
import { signUp } from "../../domain/users/sign-up";
import { verifyEmail } from "../../domain/users/verify-email";
import { PASSWORD_RESETS_PER_IP, SIGN_IN_REQUESTS_PER_IP, SIGN_UPS_PER_IP } from "../../rate-limits/rules";
import { protectedProcedure, publicProcedure, rateLimitPerIp, router } from "../trpc";

const userResultSchema = z.object({ user: publicUserSchema });

export const authRouter = router({
  // Sign-up answers the same for a new and a registered address ("we sent a link to …"); the owner of a registered
  // one gets an e-mail saying so. Nobody is signed in until the link is followed (docs/architecture.md,
  // "Account enumeration").
  signUp: publicProcedure
    .use(rateLimitPerIp(SIGN_UPS_PER_IP))
    .input(signUpInputSchema)
    .output(emailSentResultSchema)
    .mutation(({ ctx, input }) => signUp({ deps: ctx.deps, ...input })),

  // Following the verification link: verifies the address and signs the user in.
  verifyEmail: publicProcedure
    .use(rateLimitPerIp(SIGN_IN_REQUESTS_PER_IP))
    .input(verifyEmailInputSchema)
    .output(userResultSchema)
    .mutation(async ({ ctx, input }) => {
      const { user, token, session } = await verifyEmail({ deps: ctx.deps, token: input.token });
      // A previous session in this browser (another account) ends here.
      if (ctx.session) await invalidateSession({ db: ctx.deps.db, sessionId: ctx.session.id });
      ctx.setSessionCookie(token, session.expiresAt);
      return { user };
    }),

  // "Verify your e-mail" banner: where the signed-in user stands, and a new link on request.
  emailVerification: protectedProcedure
    .input(z.void())
    .output(emailVerificationStatusSchema)
    .query(({ ctx }) => getEmailVerificationStatus({ deps: ctx.deps, userId: ctx.user.id })),

  resendVerificationEmail: protectedProcedure
    .input(z.void())
    .output(emailSentResultSchema)
    .mutation(({ ctx }) => sendVerificationEmail({ deps: ctx.deps, userId: ctx.user.id })),

  // Always "if an account exists for …, we sent a link".
  requestPasswordReset: publicProcedure
    .use(rateLimitPerIp(PASSWORD_RESETS_PER_IP))
    .input(requestPasswordResetInputSchema)
    .output(emailSentResultSchema)
    .mutation(({ ctx, input }) => requestPasswordReset({ deps: ctx.deps, ...input })),

  // Following the reset link: a new password, every other session ended, signed in here.
  resetPassword: publicProcedure
    .use(rateLimitPerIp(SIGN_IN_REQUESTS_PER_IP))
    .input(resetPasswordInputSchema)
    .output(userResultSchema)
    .mutation(async ({ ctx, input }) => {
      const { user, token, session } = await resetPassword({ deps: ctx.deps, ...input });
      ctx.setSessionCookie(token, session.expiresAt);
      return { user };
    }),

  // A staff invitation's link: what it is for (a mutation, so the token never sits in a URL a log keeps), then
  // accepting it, which signs the invitee in with their new role.
  staffInvitation: publicProcedure
    .use(rateLimitPerIp(SIGN_IN_REQUESTS_PER_IP))
    .input(staffInvitationTokenInputSchema)
    .output(staffInvitationDetailsSchema)
    .mutation(({ ctx, input }) => getStaffInvitationDetails({ deps: ctx.deps, token: input.token })),

  acceptStaffInvitation: publicProcedure
    .use(rateLimitPerIp(SIGN_IN_REQUESTS_PER_IP))
    .input(acceptStaffInvitationInputSchema)
    .output(userResultSchema)
    .mutation(async ({ ctx, input }) => {
      const { user, token, session } = await acceptStaffInvitation({ deps: ctx.deps, ...input });
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
