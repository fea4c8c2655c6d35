import { describe, expect, it } from "vitest";
import { createCapturingLogger } from "../test/capture-logs";

describe("createLogger: redaction by configuration", () => {
  it("blanks access tokens, card tokens and passwords wherever the caller put them", () => {
    const { logger, lines } = createCapturingLogger();
    logger.info(
      {
        accessToken: "APP_USR-secret-access-token",
        refresh_token: "TG-secret-refresh",
        password: "hunter2-password",
        cardToken: "card-token-123",
        payer: { token: "ff8080814c11e237014c1ff593b57b4d", password: "nested-password" },
        provider: { access_token: "APP_USR-nested" },
        request: { card: { token: "deep-card-token", securityCode: "123" } },
        headers: { authorization: "Bearer APP_USR-header", cookie: "cobro_session=abc" },
        amount: 1234,
      },
      "payment created",
    );
    expect(lines).toHaveLength(1);
    const text = JSON.stringify(lines[0]);
    for (const secret of [
      "APP_USR",
      "TG-secret",
      "hunter2",
      "card-token-123",
      "ff8080814c11e237014c1ff593b57b4d",
      "nested-password",
      "deep-card-token",
      '"123"',
      "cobro_session=abc",
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(lines[0]).toMatchObject({
      accessToken: "[redacted]",
      password: "[redacted]",
      cardToken: "[redacted]",
      payer: { token: "[redacted]" },
      request: { card: { token: "[redacted]" } },
      amount: 1234,
      msg: "payment created",
    });
  });

  it("blanks e-mail links and their tokens (a logged message, a tRPC input, an outbox payload)", () => {
    const { logger, lines } = createCapturingLogger();
    const link = "https://shop.example.test/reset-password#token=secret-link-token";
    logger.info(
      {
        message: { to: "a@example.test", subject: "Reset", text: `Go: ${link}`, html: `<a href="${link}">` },
        input: { token: "secret-link-token", password: "new-password" },
        payload: { tokenCiphertext: "v1.encrypted" },
        content: { link, resetLink: link },
      },
      "mail",
    );
    const text = JSON.stringify(lines[0]);
    for (const secret of ["secret-link-token", "v1.encrypted", "new-password"])
      expect(text, secret).not.toContain(secret);
    expect(lines[0]).toMatchObject({ message: { to: "a@example.test", subject: "Reset" } });
  });

  it("carries child bindings (request id, job) on every line", () => {
    const { logger, lines } = createCapturingLogger();
    logger.child({ requestId: "req-1" }).info({ password: "x-secret" }, "hello");
    expect(lines[0]).toMatchObject({ requestId: "req-1", password: "[redacted]", msg: "hello" });
  });
});

describe("createLogger: database driver errors", () => {
  it("logs a pg error's message, code and severity, never the client pg-pool hangs on it (its connection parameters)", () => {
    const { logger, lines } = createCapturingLogger();
    const poolError = Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
      severity: "FATAL",
      client: {
        connectionParameters: { host: "db.internal.example", port: 6543, user: "cobro_app", password: "pg-secret-pw" },
        host: "db.internal.example",
        port: 6543,
        user: "cobro_app",
      },
    });
    logger.warn({ err: poolError }, "database pool: database connection failed");
    const wrapped = new Error("seeding failed", { cause: poolError });
    logger.error({ err: wrapped }, "startup");
    const socketError = Object.assign(new Error("connect ECONNREFUSED"), {
      code: "ECONNREFUSED",
      address: "db.internal.example",
      port: 6543,
    });
    logger.warn(socketError, "refused");

    expect(lines[0]?.err).toEqual({
      type: "Error",
      message: "terminating connection due to administrator command",
      code: "57P01",
      severity: "FATAL",
    });
    expect(lines[2]?.err).toEqual({ type: "Error", message: "connect ECONNREFUSED", code: "ECONNREFUSED" });
    const text = JSON.stringify(lines);
    for (const secret of ["db.internal.example", '"port"', "cobro_app", "pg-secret-pw", "connectionParameters"]) {
      expect(text, secret).not.toContain(secret);
    }
  });
});
