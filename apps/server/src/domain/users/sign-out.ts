// Ends one session (this browser).
import type { Kysely } from "kysely";
import { invalidateSession } from "../../auth/sessions";
import type { DB } from "../../db/schema";

export async function signOut(options: { db: Kysely<DB>; sessionId: string }): Promise<void> {
  await invalidateSession(options);
}
