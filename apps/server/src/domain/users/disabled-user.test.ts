// A disabled user: every session stops working at once, and the right password
// is refused with a clear reason (a wrong one still gets the generic answer).
import { afterAll, describe, expect, it } from "vitest";
import { validateSessionToken } from "../../auth/sessions";
import { createTestDatabase } from "../../test/test-database";
import { signInAs, TEST_PASSWORD } from "../../test/test-users";
import { signIn } from "./sign-in";

const testDb = await createTestDatabase();
afterAll(() => testDb.drop());
const { db } = testDb;

describe("a disabled user", () => {
  it("loses every session at once and cannot sign in with the right password", async () => {
    const { user, token } = await signInAs({ db, role: "operator" });
    expect(await validateSessionToken({ db, token })).not.toBeNull();
    await db.updateTable("users").set({ disabled_at: new Date() }).where("id", "=", user.id).execute();
    expect(await validateSessionToken({ db, token })).toBeNull();

    await expect(
      signIn({ db, email: user.email, password: TEST_PASSWORD, clientIp: "192.0.2.10" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN", reason: "account_disabled" });
    await expect(
      signIn({ db, email: user.email, password: "not-the-password", clientIp: "192.0.2.10" }),
    ).rejects.toMatchObject({ code: "UNAUTHORIZED", reason: undefined });
  });
});
