// [lifecycle][http] A client that trickles its request must not hold a
// connection for long: the server's header and request timeouts cut it off
// (408). Timeouts are shortened through the environment so the test takes
// seconds; the defaults (10 s headers, 30 s request) live in env.ts.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../support/server-process";

const HEADERS_TIMEOUT_MS = 1000;
const REQUEST_TIMEOUT_MS = 2000;

let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess({
    HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
  });
}, 120_000);

afterAll(() => server?.dispose());

interface TrickleResult {
  /** What the server sent before closing. */
  received: string;
  /** Time from connecting until the server closed the connection. */
  heldMs: number;
  /** Bytes we managed to send. */
  sentBytes: number;
}

/** Sends `head` at once, then `trickle` one byte every `everyMs`, until the server closes the connection. */
function trickle(head: string, trickled: string, everyMs: number, giveUpMs: number): Promise<TrickleResult> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(Number(port), hostname);
    let received = "";
    let sentBytes = 0;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server still held the connection after ${giveUpMs} ms`));
    }, giveUpMs);
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    socket.on("error", () => {
      // a reset counts as closing; 'close' follows
    });
    socket.on("close", () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ received, heldMs: Date.now() - started, sentBytes });
    });
    socket.on("connect", () => {
      socket.write(head);
      sentBytes += head.length;
      let index = 0;
      timer = setInterval(() => {
        if (index >= trickled.length || socket.destroyed) return;
        socket.write(trickled.charAt(index));
        index += 1;
        sentBytes += 1;
      }, everyMs);
    });
  });
}

describe("[lifecycle][http] slow clients are cut off", () => {
  it("a request body trickled at one byte per 200 ms is answered 408 and closed after the request timeout", async () => {
    const body = JSON.stringify({ padding: "x".repeat(200) });
    const head = [
      "POST /api/trpc/checkout.create HTTP/1.1",
      `Host: ${new URL(server.url).host}`,
      "Content-Type: application/json",
      `Origin: ${server.url}`,
      `Content-Length: ${body.length}`,
      "",
      "",
    ].join("\r\n");
    const result = await trickle(head, body, 200, 15_000);
    expect(result.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.sentBytes).toBeLessThan(head.length + body.length);
    expect(result.heldMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(result.heldMs).toBeLessThan(REQUEST_TIMEOUT_MS + 3000);
  }, 30_000);

  it("headers trickled one byte per 200 ms are cut off after the headers timeout", async () => {
    const headers = `Host: ${new URL(server.url).host}\r\nX-Slow: ${"y".repeat(100)}\r\n\r\n`;
    const result = await trickle("GET /api/health HTTP/1.1\r\n", headers, 200, 15_000);
    expect(result.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.heldMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
    expect(result.heldMs).toBeLessThan(HEADERS_TIMEOUT_MS + 3000);
  }, 30_000);

  it("a prompt request on the same server is answered as usual", async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
  });
});
