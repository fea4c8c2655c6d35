// Mail really goes through SMTP: the local mail catcher (MailDev) on free
// ports, the SMTP mailer, and the outbox's send job run by pg-boss on the
// test database; the message is read back over the catcher's HTTP API.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findFreePorts } from "../db/embedded-postgres";
import { requestPasswordReset } from "../domain/users/request-password-reset";
import { type StartedJobQueue, startJobQueue } from "../jobs/queue";
import { JOB_DEFINITIONS } from "../jobs/workers";
import { createTestDatabase, type TestDatabase } from "../test/test-database";
import { createTestDeps } from "../test/test-deps";
import { createTestUser } from "../test/test-users";
import { type MailCatcher, startMailCatcher } from "./mail-catcher";
import { createSmtpMailer, type Mailer } from "./mailer";

interface CaughtMail {
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
  from: { address: string; name: string }[];
}

let testDb: TestDatabase;
let catcher: MailCatcher;
let mailer: Mailer;
let queue: StartedJobQueue | null = null;
let mailDir: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  mailDir = await mkdtemp(path.join(tmpdir(), "cobro-mail-test-"));
  const [smtpPort = 0, webPort = 0] = await findFreePorts(2);
  catcher = await startMailCatcher({ smtpPort, webPort, mailDirectory: mailDir });
  mailer = createSmtpMailer({ smtpUrl: catcher.smtpUrl, from: "Test Shop <shop@example.test>" });
});

afterAll(async () => {
  await queue?.stop();
  mailer?.close();
  await catcher?.stop();
  await testDb?.drop();
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
});

async function inboxFor(address: string, timeoutMs = 15_000): Promise<CaughtMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${catcher.inboxUrl}/api/email`);
    expect(response.status).toBe(200);
    const all = (await response.json()) as CaughtMail[];
    const mine = all.filter((mail) => mail.to.some((to) => to.address === address));
    if (mine.length > 0 || Date.now() > deadline) return mine;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("e-mail through SMTP to the mail catcher", () => {
  it("a reset request is sent by the queue's worker and read back from the inbox's HTTP API", async () => {
    const deps = createTestDeps({ db: testDb.db, publicUrl: "http://shop.example.test:3000" });
    queue = await startJobQueue({
      connectionString: testDb.connectionString,
      pollingIntervalSeconds: 0.5,
      definitions: JOB_DEFINITIONS,
      maxConnections: 2,
    });
    const realDeps = { ...deps, jobs: queue.queue, mailer };
    await queue.startWorkers(realDeps);

    const user = await createTestUser({ db: testDb.db });
    await requestPasswordReset({ deps: realDeps, email: user.email, locale: "es" });

    const [mail, ...more] = await inboxFor(user.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("Restablece tu contraseña de Cobro");
    expect(mail?.from).toEqual([{ address: "shop@example.test", name: "Test Shop" }]);
    expect(mail?.text).toMatch(/http:\/\/shop\.example\.test:3000\/reset-password#token=[A-Za-z0-9_-]{40,}/);
    expect(mail?.html).toContain("<a href=");
    const row = await testDb.db
      .selectFrom("outbound_emails")
      .select(["status", "attempts"])
      .where("to_email", "=", user.email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "sent", attempts: 1 });
  });
});
