// Liveness for the web app and monitors: is the server up, can it reach its database?
import { sql } from "kysely";
import { z } from "zod";
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
});
