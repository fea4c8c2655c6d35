// The public configuration the browser needs. (Liveness is GET /api/health,
// http/health.ts, for monitors and the web app alike.)

import { publicConfigSchema, storeIdentitySchema } from "@cobro/contracts";
import { z } from "zod";
import { getStoreIdentity } from "../../domain/settings/store-identity";
import { getPublicConfig } from "../../provider/get-public-config";
import { publicProcedure, router } from "../trpc";

export const systemRouter = router({
  // What the browser needs to tokenize cards with the provider directly; never a secret.
  publicConfig: publicProcedure
    .input(z.void())
    .output(publicConfigSchema)
    .query(({ ctx }) => getPublicConfig({ deps: ctx.deps })),
  // The store's name, colour and logo for the shop's header, page titles and the console (public: every page draws it).
  storeIdentity: publicProcedure
    .input(z.void())
    .output(storeIdentitySchema)
    .query(({ ctx }) => getStoreIdentity({ db: ctx.deps.db })),
});
