// admin.search: the console's one search box, read by every staff role (it only reads).
import { adminSearchInputSchema, adminSearchOutputSchema } from "@cobro/contracts";
import { searchConsole } from "../../domain/search/search-console";
import { viewerProcedure } from "../trpc";

export const adminSearchProcedure = viewerProcedure
  .input(adminSearchInputSchema)
  .output(adminSearchOutputSchema)
  .query(({ ctx, input }) => searchConsole({ deps: ctx.deps, query: input.q, account: input.account }));
