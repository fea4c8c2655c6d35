// What the provider client costs on top of a bare `fetch`: the same GET and POST
// against the same local HTTP server, measured side by side in rounds so that
// machine noise hits both sides alike. Prints per-call medians and the ratio.
//
//   npm run bench --workspace @cobro/provider-client

import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createProviderClient } from "../src/index";

const ROUNDS = 7;
const CALLS_PER_ROUND = 400;
const TOKEN = "TEST-0000000000000000-000000-00000000000000000000000000000000-1000001";

const paymentJson = JSON.stringify({
  id: 123,
  status: "approved",
  status_detail: "accredited",
  transaction_amount: 100.5,
  currency_id: "ARS",
});

const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    res.writeHead(req.method === "POST" ? 201 : 200, { "content-type": "application/json", "x-request-id": "bench" });
    res.end(paymentJson);
  });
});
server.listen(0, "127.0.0.1");
await once(server, "listening");
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const client = createProviderClient({ accessToken: TOKEN, baseUrl });
const body = {
  transaction_amount: 100.5,
  token: "ff8080814c11e237014c1ff593b57b4d",
  payment_method_id: "visa",
  installments: 1,
  payer: { email: "buyer@example.com" },
};

async function bareGet(): Promise<void> {
  const response = await fetch(`${baseUrl}/v1/payments/123`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  await response.json();
}
async function barePost(): Promise<void> {
  const response = await fetch(`${baseUrl}/v1/payments`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${TOKEN}`,
      "Content-Type": "application/json",
      "X-Idempotency-Key": crypto.randomUUID(),
    },
    body: JSON.stringify(body),
  });
  await response.json();
}
async function clientGet(): Promise<void> {
  await client.payments.get(123);
}
async function clientPost(): Promise<void> {
  await client.payments.create(body);
}

async function timeRound(call: () => Promise<void>): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < CALLS_PER_ROUND; i++) await call();
  return Number(process.hrtime.bigint() - started) / 1e3 / CALLS_PER_ROUND; // µs per call
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const cases = [
  { name: "GET /v1/payments/{id}", bare: bareGet, ours: clientGet },
  { name: "POST /v1/payments", bare: barePost, ours: clientPost },
];

// Warm up both paths (JIT, keep-alive sockets) before measuring.
for (const c of cases) {
  await timeRound(c.bare);
  await timeRound(c.ours);
}

console.log(`provider-client overhead: ${ROUNDS} rounds × ${CALLS_PER_ROUND} calls, sides alternating`);
for (const c of cases) {
  const bare: number[] = [];
  const ours: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    if (r % 2 === 0) {
      bare.push(await timeRound(c.bare));
      ours.push(await timeRound(c.ours));
    } else {
      ours.push(await timeRound(c.ours));
      bare.push(await timeRound(c.bare));
    }
  }
  const b = median(bare);
  const o = median(ours);
  console.log(
    `${c.name.padEnd(24)} bare fetch ${b.toFixed(1).padStart(7)} µs/call   provider-client ${o.toFixed(1).padStart(7)} µs/call   ratio ${(o / b).toFixed(2)}×`,
  );
}

server.close();
