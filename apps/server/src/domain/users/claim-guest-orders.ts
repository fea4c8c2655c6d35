// Guest purchases become the shopper's once they prove the payer e-mail is
// theirs (a verification or reset link): the checkouts paid as a guest with
// that address move into their account. Walks checkouts_guest_payer_email_idx.
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema";

export async function claimGuestOrders(options: { db: Kysely<DB>; userId: string; email: string }): Promise<number> {
  const { db, userId, email } = options;
  const claimed = await db
    .updateTable("checkouts")
    .set({ user_id: userId })
    .where("user_id", "is", null)
    .where(sql<string>`lower(payer_email)`, "=", email.toLowerCase())
    .returning("id")
    .execute();
  if (claimed.length > 0) {
    await db
      .updateTable("payments")
      .set({ user_id: userId })
      .where("user_id", "is", null)
      .where(
        "checkout_id",
        "in",
        claimed.map((row) => row.id),
      )
      .execute();
  }
  return claimed.length;
}
