// The whole tRPC API. Add an area as `routers/<area>.ts` and list it here;
// then add its procedures to the table in rbac-matrix.test.ts (the test fails
// until you do).
import { accountRouter } from "./routers/account";
import { adminRouter } from "./routers/admin";
import { authRouter } from "./routers/auth";
import { catalogRouter } from "./routers/catalog";
import { checkoutRouter } from "./routers/checkout";
import { plansRouter } from "./routers/plans";
import { subscriptionsRouter } from "./routers/subscriptions";
import { systemRouter } from "./routers/system";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  admin: adminRouter,
  catalog: catalogRouter,
  checkout: checkoutRouter,
  plans: plansRouter,
  subscriptions: subscriptionsRouter,
  account: accountRouter,
});

export type AppRouter = typeof appRouter;

/** Server-side caller: `createCaller(await buildTrpcContext(...)).auth.me()`. */
export const createCaller = createCallerFactory(appRouter);
