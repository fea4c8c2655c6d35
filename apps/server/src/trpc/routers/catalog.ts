// The storefront: active products, priced in minor units.

import {
  catalogGetInputSchema,
  catalogListInputSchema,
  catalogListOutputSchema,
  productSchema,
} from "@cobro/contracts";
import { getProduct } from "../../domain/catalog/get-product";
import { listProducts } from "../../domain/catalog/list-products";
import { publicProcedure, router } from "../trpc";

export const catalogRouter = router({
  list: publicProcedure
    .input(catalogListInputSchema)
    .output(catalogListOutputSchema)
    .query(({ ctx, input }) =>
      listProducts({
        db: ctx.deps.db,
        limit: input.limit,
        cursor: input.cursor ?? null,
        language: input.language,
      }),
    ),

  get: publicProcedure
    .input(catalogGetInputSchema)
    .output(productSchema)
    .query(({ ctx, input }) => getProduct({ db: ctx.deps.db, slug: input.slug, language: input.language })),
});
