// The offset/limit pair of every console list that pages by offset (the provider's own searches page that way):
// one set of messages naming the field, one ceiling on the offset, and each list's own largest and default page.
import { z } from "zod";

/** provider: searches refuse offsets past about 10,000; Cobro stops there with a message instead of a 400 later. */
export const MAX_LIST_OFFSET = 10_000;

/** The `offset` and `limit` fields of a list input, to spread into its `z.strictObject`. */
export function offsetPagingFields(options: { maxLimit: number; defaultLimit: number }) {
  const { maxLimit, defaultLimit } = options;
  return {
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
  };
}

/** What every offset-paged answer says about its page, to spread into its output object. */
export const offsetPageFields = {
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
};
