import pg from "pg";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailableError, loggableDatabaseError } from "./database-errors";

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

function databaseError(message: string, code: string, severity = "FATAL"): pg.DatabaseError {
  return Object.assign(new pg.DatabaseError(message, 0, "error"), { code, severity });
}

describe("isDatabaseUnavailableError", () => {
  it.each([
    ["refused connection", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["reset socket", withCode("read ECONNRESET", "ECONNRESET")],
    ["unknown host (failover DNS)", withCode("getaddrinfo ENOTFOUND db", "ENOTFOUND")],
    ["admin shutdown", databaseError("terminating connection due to administrator command", "57P01")],
    ["starting up / shutting down", databaseError("the database system is shutting down", "57P03")],
    ["connection exception class 08", databaseError("connection failure", "08006")],
    [
      "a write on a demoted primary",
      databaseError("cannot execute INSERT in a read-only transaction", "25006", "ERROR"),
    ],
    ["socket ended", new Error("Connection terminated unexpectedly")],
    ["pool timeout", new Error("timeout exceeded when trying to connect")],
    ["unusable client", new Error("Client has encountered a connection error and is not queryable")],
  ])("%s: unavailable", (_, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(true);
  });

  it.each([
    ["a unique violation", databaseError("duplicate key value violates unique constraint", "23505", "ERROR")],
    ["a plain bug", new TypeError("x is undefined")],
    ["a provider error whose code looks like a SQLSTATE", withCode("Mercado Pago responded 400", "08006")],
    // A provider call that could not connect: fetch's TypeError wraps the socket error, so it is not the database.
    [
      "a provider fetch that failed",
      new TypeError("fetch failed", { cause: withCode("connect ECONNREFUSED", "ECONNREFUSED") }),
    ],
    ["not an error", "ECONNREFUSED"],
    ["nothing", null],
  ])("%s: not unavailable", (_, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(false);
  });
});

describe("loggableDatabaseError", () => {
  it("keeps message, code and severity; drops the client pg-pool attaches, the socket's address and the detail", () => {
    const error = Object.assign(databaseError("terminating connection due to administrator command", "57P01"), {
      client: { connectionParameters: { host: "db.internal", port: 5432, user: "cobro", password: "s3cret" } },
      detail: "Key (email)=(someone@example.test) already exists.",
    });
    expect(loggableDatabaseError(error)).toEqual({
      type: "DatabaseError",
      message: "terminating connection due to administrator command",
      code: "57P01",
      severity: "FATAL",
    });
    const socket = Object.assign(withCode("connect ECONNREFUSED 10.0.0.5:5432", "ECONNREFUSED"), {
      address: "10.0.0.5",
      port: 5432,
      syscall: "connect",
    });
    expect(loggableDatabaseError(socket)).toEqual({
      type: "Error",
      message: "connect ECONNREFUSED 10.0.0.5:5432",
      code: "ECONNREFUSED",
    });
  });
});
