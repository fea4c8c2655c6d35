// Every provider operation of the spec, called through the real provider
// client over real HTTP against one sandbox, area by area. Every response is
// checked against the spec on the way in; the last test proves that the
// sandbox answered each of the spec's operations with a success at least once.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeAccountAndOAuth } from "./areas/account-oauth";
import { describeCustomers } from "./areas/customers";
import { describeDisputes } from "./areas/disputes";
import { describeOrders } from "./areas/orders";
import { describePayments } from "./areas/payments";
import { describePoint } from "./areas/point";
import { describePreferences } from "./areas/preferences";
import { describeSubscriptions } from "./areas/subscriptions";
import { type ClientSandbox, specOperations, startClientSandbox } from "./harness";

let current: ClientSandbox | undefined;
const env = (): ClientSandbox => {
  if (!current) throw new Error("the sandbox is not running");
  return current;
};

beforeAll(async () => {
  current = await startClientSandbox();
});
afterAll(async () => {
  await current?.close();
});

describePayments(env);
describePreferences(env);
describeCustomers(env);
describeOrders(env);
describeSubscriptions(env);
describeAccountAndOAuth(env);
describePoint(env);
describeDisputes(env);

describe("coverage", () => {
  it("served every operation of the spec (60) with a 2xx through the client", () => {
    const spec = specOperations();
    expect(spec).toHaveLength(60);
    const succeeded = new Set(
      env()
        .served.filter((call) => call.status >= 200 && call.status < 300)
        .map((call) => call.operation),
    );
    const missing = spec.filter((operation) => !succeeded.has(operation));
    expect(missing).toEqual([]);
    // Every call the client made was a spec operation.
    expect(env().served.filter((call) => call.operation === null)).toEqual([]);
  });
});
