// What the provider client costs on top of a bare `fetch`: the same GET and POST
// against the same local HTTP server, measured side by side in rounds so that
// machine noise hits both sides alike. Prints per-call medians and the ratio.
//
//   npm run bench --workspace @cobro/provider-client

import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import createClient from "openapi-fetch";
import type { paths } from "../src/generated/provider-api";
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
// openapi-fetch with no transport policy: separates the library's own cost from ours.
const plain = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${TOKEN}` } });
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
async function plainGet(): Promise<void> {
  await plain.GET("/v1/payments/{id}", { params: { path: { id: 123 } } });
}
async function plainPost(): Promise<void> {
  await plain.POST("/v1/payments", { body, headers: { "X-Idempotency-Key": crypto.randomUUID() } });
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
  { name: "GET /v1/payments/{id}", bare: bareGet, plain: plainGet, ours: clientGet },
  { name: "POST /v1/payments", bare: barePost, plain: plainPost, ours: clientPost },
];

// Warm up both paths (JIT, keep-alive sockets) before measuring.
for (const c of cases) {
  await timeRound(c.bare);
  await timeRound(c.plain);
  await timeRound(c.ours);
}

console.log(`provider-client overhead: ${ROUNDS} rounds × ${CALLS_PER_ROUND} calls, sides alternating`);
for (const c of cases) {
  const sides = [
    { label: "bare fetch", call: c.bare, times: [] as number[] },
    { label: "openapi-fetch", call: c.plain, times: [] as number[] },
    { label: "provider-client", call: c.ours, times: [] as number[] },
  ];
  for (let r = 0; r < ROUNDS; r++) {
    // Rotate which side goes first so warm-up and drift do not favour one.
    for (let s = 0; s < sides.length; s++) {
      const side = sides[(r + s) % sides.length];
      if (side) side.times.push(await timeRound(side.call));
    }
  }
  const [bare, plainSide, ours] = sides.map((side) => median(side.times));
  if (bare === undefined || plainSide === undefined || ours === undefined) throw new Error("missing side");
  console.log(
    `${c.name.padEnd(24)} bare fetch ${bare.toFixed(0).padStart(5)} µs   openapi-fetch ${plainSide.toFixed(0).padStart(5)} µs (${(plainSide / bare).toFixed(2)}×)   provider-client ${ours.toFixed(0).padStart(5)} µs (${(ours / bare).toFixed(2)}× bare, ${(ours / plainSide).toFixed(2)}× openapi-fetch)`,
  );
}

server.close();
