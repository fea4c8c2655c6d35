// The offset/limit pair of every console list that pages by offset (the provider's own searches page that way):
// one set of messages naming the field, one ceiling on the offset, and each list's own largest and default page.
import { z } from "zod";

/** provider: searches refuse offsets past about 10,000; Cobro stops there with a message instead of a 400 later. */
export const MAX_LIST_OFFSET = 10_000;

/**
 * The paging of a list the provider pages by offset: `offset` and `limit`, with the list's own largest and default
 * page. A list's input extends it with its filters; its answer says the same two fields back with the `total`
 * (`offsetPageSchema`).
 *
 * @example
 * const linkListInputSchema = offsetPagingSchema({ maxLimit: 50, defaultLimit: 20 }).extend({ externalReference });
 */
export function offsetPagingSchema(options: { maxLimit: number; defaultLimit: number }) {
  const { maxLimit, defaultLimit } = options;
  return z.strictObject({
    offset: z
      .number("offset must be a number")
      .int("offset must be a whole number")
      .min(0, "offset cannot be negative")
      .max(MAX_LIST_OFFSET, `offset must be at most ${MAX_LIST_OFFSET}`)
      .default(0),
    limit: z
      .number("limit must be a number")
      .int("limit must be a whole number")
      .min(1, "limit must be at least 1")
      .max(maxLimit, `limit must be at most ${maxLimit}`)
      .default(defaultLimit),
  });
}

/** What every offset-paged answer says about its page: where it starts, its size and how many rows there are. */
export const offsetPageSchema = z.object({
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
