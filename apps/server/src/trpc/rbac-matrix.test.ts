// Every procedure of appRouter, called as anonymous, shopper and admin, must
// answer 401 / 403 / success exactly as its declared kind says. The list of
// procedures comes from the router itself: a new procedure missing from
// ACCESS_MATRIX fails this test until someone decides who may call it.

import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { Kysely } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../auth/sessions";
import type { DB } from "../db/schema";
import { createTestDatabase } from "../test/test-database";
import { createTestDeps } from "../test/test-deps";
import { createTestCaller, createTestUser, signInAs, TEST_PASSWORD, uniqueEmail } from "../test/test-users";
import { appRouter } from "./router";
import type { ProcedureAccess, TrpcMeta } from "./trpc";

type Role = "anonymous" | "shopper" | "admin";

interface CallFixture {
  db: Kysely<DB>;
  /** A user no caller is signed in as, for procedures that act on a user. */
  targetUser: SessionUser;
}

interface MatrixEntry {
  access: ProcedureAccess;
  /** A minimal valid input (called once per role, so make unique values here). */
  input: (fixture: CallFixture) => unknown | Promise<unknown>;
}

const ACCESS_MATRIX: Record<string, MatrixEntry> = {
  "system.health": { access: "public", input: () => undefined },
  "auth.signUp": {
    access: "public",
    input: () => ({ email: uniqueEmail("matrix"), password: "matrix-password", name: "Matrix" }),
  },
  "auth.signIn": {
    access: "public",
    input: async ({ db }) => ({ email: (await createTestUser({ db })).email, password: TEST_PASSWORD }),
  },
  "auth.signOut": { access: "public", input: () => undefined },
  "auth.signOutEverywhere": { access: "protected", input: () => undefined },
  "auth.me": { access: "public", input: () => undefined },
  "admin.users.list": { access: "admin", input: () => ({ limit: 5 }) },
  "admin.users.setRole": { access: "admin", input: ({ targetUser }) => ({ userId: targetUser.id, role: "shopper" }) },
};

const ROLES: Role[] = ["anonymous", "shopper", "admin"];

function expectedOutcome(access: ProcedureAccess, role: Role): "OK" | "UNAUTHORIZED" | "FORBIDDEN" {
  if (access === "public") return "OK";
  if (role === "anonymous") return "UNAUTHORIZED";
  if (access === "admin" && role !== "admin") return "FORBIDDEN";
  return "OK";
}

// At runtime `_def.procedures` is flat ("auth.signIn" → procedure), though its type is the nested record.
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: TrpcMeta } }>;
const procedurePaths = Object.keys(procedures).sort();

const testDb = await createTestDatabase();
afterAll(() => testDb.drop());
const { db } = testDb;
const deps = createTestDeps({ db });
const targetUser = await createTestUser({ db, name: "Target" });

describe("RBAC matrix", () => {
  it("lists every procedure of appRouter, and nothing else", () => {
    expect(procedurePaths.length).toBeGreaterThan(0);
    expect(Object.keys(ACCESS_MATRIX).sort()).toEqual(procedurePaths);
  });

  for (const path of procedurePaths) {
    const entry = ACCESS_MATRIX[path];

    it(`${path} declares the access the matrix expects`, () => {
      expect(entry, `${path} is missing from ACCESS_MATRIX in rbac-matrix.test.ts`).toBeDefined();
      expect(procedures[path]?._def.meta?.access).toBe(entry?.access);
    });

    for (const role of ROLES) {
      it(`${path} as ${role} → ${entry ? expectedOutcome(entry.access, role) : "?"}`, async () => {
        if (!entry) throw new Error(`${path} is missing from ACCESS_MATRIX in rbac-matrix.test.ts`);
        const cookie = role === "anonymous" ? null : (await signInAs({ db, role })).cookie;
        const { caller } = await createTestCaller({ deps, cookie });
        const input = await entry.input({ db, targetUser });
        let procedure: unknown = caller;
        for (const segment of path.split(".")) procedure = (procedure as Record<string, unknown>)[segment];

        const outcome = await (procedure as (input: unknown) => Promise<unknown>)(input).then(
          () => "OK" as const,
          (error: unknown) => error,
        );
        const expected = expectedOutcome(entry.access, role);
        if (expected === "OK") {
          expect(outcome).toBe("OK");
        } else {
          expect(outcome).toBeInstanceOf(TRPCError);
          const error = outcome as TRPCError;
          expect(error.code).toBe(expected);
          expect(getHTTPStatusCodeFromError(error)).toBe(expected === "UNAUTHORIZED" ? 401 : 403);
        }
      });
    }
  }
});
