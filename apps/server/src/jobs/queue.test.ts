import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCapturingLogger } from "../test/capture-logs";
import { createTestDatabase, type TestDatabase } from "../test/test-database";
import { createTestDeps } from "../test/test-deps";
import { type StartedJobQueue, startJobQueue } from "./queue";
import type { JobDefinition } from "./workers";

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});

afterAll(async () => {
  await testDb?.drop();
});

async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function definition(name: string, handle: JobDefinition["handle"]): JobDefinition {
  return {
    name,
    policy: "stately",
    retryLimit: 0,
    retryDelaySeconds: 1,
    retryBackoff: false,
    expireInSeconds: 30,
    handle,
  };
}

describe("startJobQueue", () => {
  let started: StartedJobQueue | null = null;

  afterAll(async () => {
    await started?.stop();
  });

  it("queues one job per singleton key, runs it, and drains on stop", async () => {
    const handled: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let finished = false;
    started = await startJobQueue({
      connectionString: testDb.connectionString,
      pollingIntervalSeconds: 0.5,
      definitions: [
        definition("test-job", async ({ data }) => {
          handled.push(String(data.value));
          await gate;
          finished = true;
        }),
      ],
    });
    const queue = started.queue;

    const first = await queue.enqueue("test-job", { value: "a" }, { singletonKey: "key-1" });
    const second = await queue.enqueue("test-job", { value: "b" }, { singletonKey: "key-1" });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    await expect(queue.enqueue("no-such-job", {})).rejects.toThrow(/Unknown job no-such-job/);

    await started.startWorkers(createTestDeps({ db: testDb.db }));
    await waitFor(() => handled.length === 1);
    expect(handled).toEqual(["a"]);

    // stop() waits for the running job instead of abandoning it.
    const stopping = started.stop({ timeoutMs: 10_000 });
    setTimeout(release, 200);
    await stopping;
    expect(finished).toBe(true);
    started = null;
  });

  it("gives each job handler deps whose logger names the job and its id", async () => {
    const { logger, lines } = createCapturingLogger();
    const jobIds: string[] = [];
    const queue = await startJobQueue({
      connectionString: testDb.connectionString,
      pollingIntervalSeconds: 0.5,
      definitions: [
        definition("logging-job", async ({ deps, jobId }) => {
          jobIds.push(jobId);
          deps.logger.info({ password: "never-logged" }, "working");
        }),
      ],
      logger,
    });
    try {
      await queue.startWorkers({ ...createTestDeps({ db: testDb.db }), logger });
      const id = await queue.queue.enqueue("logging-job", {});
      await waitFor(() => lines.some((line) => line.msg === "working"));
      expect(jobIds).toEqual([id]);
      expect(lines.find((line) => line.msg === "working")).toMatchObject({
        job: "logging-job",
        jobId: id,
        password: "[redacted]",
      });
    } finally {
      await queue.stop();
    }
  });
});
