// A local HTTP server standing in for a store's webhook endpoint: it records
// every notification and answers with the statuses a test queues (then 200).

import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** One notification as it arrived. */
export interface ReceivedWebhook {
  /** The request URL, resolved against the receiver's origin. */
  url: URL;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** The status the receiver answered with. */
  answeredWith: number;
}

export interface WebhookReceiver {
  /** The receiver's origin plus the path (and query) it was started with. */
  url: string;
  /** What arrived, in order. */
  received: ReceivedWebhook[];
  /** Statuses to answer with, in order; 200 once they run out. */
  replies: number[];
  close(): Promise<void>;
}

/**
 * Starts a webhook receiver on a random local port; `path` (with any query) is
 * what its `url` points at, e.g. `/hooks/mp?source_news=webhooks`.
 */
export function startWebhookReceiver(path = "/hooks"): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const replies: number[] = [];
  const server = createServer((req, res) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      text += chunk;
    });
    req.on("end", () => {
      const answeredWith = replies.shift() ?? 200;
      received.push({
        url: new URL(req.url ?? "/", origin),
        headers: req.headers,
        body: JSON.parse(text) as Record<string, unknown>,
        answeredWith,
      });
      res.writeHead(answeredWith).end();
    });
  });
  let origin = "";
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve({
        url: `${origin}${path}`,
        received,
        replies,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
