// Liveness for the web app and monitors (is the server up, can it reach its
// database?) and the public configuration the browser needs.

import { publicConfigSchema } from "@cobro/contracts";
import { sql } from "kysely";
import { z } from "zod";
import { getPublicConfig } from "../../domain/shop/get-public-config";
import { publicProcedure, router } from "../trpc";

export const systemRouter = router({
  health: publicProcedure
    .input(z.void())
    .output(z.object({ status: z.literal("ok"), database: z.enum(["ok", "unavailable"]), time: z.iso.datetime() }))
    .query(async ({ ctx }) => {
      let database: "ok" | "unavailable" = "ok";
      try {
        await sql`select 1`.execute(ctx.deps.db);
      } catch {
        database = "unavailable";
      }
      return { status: "ok" as const, database, time: ctx.deps.now().toISOString() };
    }),

  // What the browser needs to tokenize cards with the provider directly; never a secret.
  publicConfig: publicProcedure
    .input(z.void())
    .output(publicConfigSchema)
    .query(({ ctx }) => getPublicConfig({ deps: ctx.deps })),
});
