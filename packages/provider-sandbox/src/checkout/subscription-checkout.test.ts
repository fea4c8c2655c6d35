import { describe, expect, it } from "vitest";
import type { Schemas } from "../schemas";
import { callerFor, expectJson } from "../test-support/api-client";
import { APRO_CARD_FIELDS, postForm } from "../test-support/forms";
import { startQuietSandbox, useSandbox } from "../test-support/use-sandbox";

type Subscription = Schemas["Subscription"];

const sandbox = await useSandbox(startQuietSandbox, { resetBeforeEach: true });
const call = callerFor(sandbox);

async function api<T>(
  method: string,
  path: string,
  body?: unknown,
  status = method === "POST" ? 201 : 200,
): Promise<T> {
  return expectJson<T>(await call(method, path, body), status);
}

function createPlan(extra: Record<string, unknown> = {}): Promise<Schemas["Plan"]> {
  return api("POST", "/preapproval_plan/", {
    reason: "Gold membership",
    back_url: "https://shop.example/welcome?ref=plan",
    auto_recurring: { frequency: 1, frequency_type: "months", transaction_amount: 1500, currency_id: "ARS" },
    ...extra,
  });
}

function createPendingSubscription(): Promise<Subscription> {
  return api("POST", "/preapproval/", {
    reason: "Weekly magazine",
    payer_email: "reader@testuser.com",
    auto_recurring: { frequency: 7, frequency_type: "days", transaction_amount: 99.9, currency_id: "ARS" },
  });
}

/** The hidden fields of a checkout page's form (target and attempt). */
function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1] ?? ""] = match[2] ?? "";
  }
  return fields;
}

async function openCheckout(url: string): Promise<{ status: number; html: string; hidden: Record<string, string> }> {
  const res = await fetch(url);
  const html = await res.text();
  return { status: res.status, html, hidden: hiddenFields(html) };
}

const APRO = { ...APRO_CARD_FIELDS, email: "subscriber@testuser.com" };

function submit(fields: Record<string, string>): Promise<Response> {
  return postForm(`${sandbox.url}/subscriptions/checkout`, fields);
}

function inputTag(html: string, id: string): string {
  return new RegExp(`<input id="${id}"[^>]*>`).exec(html)?.[0] ?? "";
}

describe("subscribing to a plan", () => {
  it("shows the plan, then authorizes and charges a new preapproval and returns to back_url", async () => {
    const plan = await createPlan();
    const page = await openCheckout(plan.init_point ?? "");
    expect(page.status).toBe(200);
    expect(page.html).toContain("<h1>Subscribe to Gold membership</h1>");
    expect(page.html).toMatch(/\$\s1\.500,00 every month/);
    for (const label of ["Card number", "Expiration month", "Security code", "Cardholder name", "Document number"]) {
      expect(page.html).toContain(label);
    }
    expect(page.html).toContain("4509 9535 6623 3704");
    expect(page.html).toContain("<code>APRO</code>");
    expect(page.hidden.preapproval_plan_id).toBe(plan.id);

    const res = await submit({ ...page.hidden, ...APRO });
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get("location") ?? "");
    expect(`${back.origin}${back.pathname}`).toBe("https://shop.example/welcome");
    expect(back.searchParams.get("ref")).toBe("plan");
    expect(back.searchParams.get("status")).toBe("authorized");
    const id = back.searchParams.get("preapproval_id") ?? "";

    const subscription = await api<Subscription>("GET", `/preapproval/${id}`);
    expect(subscription).toMatchObject({
      status: "authorized",
      preapproval_plan_id: plan.id,
      payer_email: "subscriber@testuser.com",
      payment_method_id: "visa",
      summarized: { charged_quantity: 1, charged_amount: 1500 },
    });
    const invoices = await api<Schemas["AuthorizedPaymentSearchResult"]>(
      "GET",
      `/authorized_payments/search?preapproval_id=${id}`,
    );
    expect(invoices.results).toHaveLength(1);
    expect(invoices.results[0]).toMatchObject({ status: "processed", payment: { status: "approved" } });

    // Posting the same form again (double click) subscribes once.
    const again = await submit({ ...page.hidden, ...APRO });
    expect(again.status).toBe(303);
    expect(new URL(again.headers.get("location") ?? "").searchParams.get("preapproval_id")).toBe(id);
    const all = await api<Schemas["SubscriptionSearchResult"]>(
      "GET",
      `/preapproval/search?preapproval_plan_id=${plan.id}`,
    );
    expect(all.results.map((s) => s.id)).toEqual([id]);

    // The next period is charged by the clock like any subscription.
    await sandbox.control.advanceClock({ days: 32 });
    expect((await api<Subscription>("GET", `/preapproval/${id}`)).summarized?.charged_quantity).toBe(2);
  });

  it("authorizes with a declined card as the billing code does: the first charge is recycled", async () => {
    const plan = await createPlan();
    const page = await openCheckout(plan.init_point ?? "");
    const res = await submit({ ...page.hidden, ...APRO, cardholder_name: "OTHE" });
    expect(res.status).toBe(303);
    const id = new URL(res.headers.get("location") ?? "").searchParams.get("preapproval_id") ?? "";
    const invoices = await api<Schemas["AuthorizedPaymentSearchResult"]>(
      "GET",
      `/authorized_payments/search?preapproval_id=${id}`,
    );
    expect(invoices.results[0]).toMatchObject({ status: "recycling", payment: { status: "rejected" } });
  });

  it("answers error pages for a missing, unknown or inactive plan", async () => {
    expect((await openCheckout(`${sandbox.url}/subscriptions/checkout`)).status).toBe(400);
    expect((await openCheckout(`${sandbox.url}/subscriptions/checkout?preapproval_plan_id=nope`)).status).toBe(404);
    const plan = await createPlan({ status: "inactive" });
    const inactive = await openCheckout(plan.init_point ?? "");
    expect(inactive.status).toBe(410);
    expect(inactive.html).toContain("no longer offered");
  });
});

describe("authorizing a pending preapproval", () => {
  it("re-renders bad input naming the field, never keeping the CVV, then shows the result page", async () => {
    const pending = await createPendingSubscription();
    expect(pending.status).toBe("pending");
    const page = await openCheckout(pending.init_point ?? "");
    expect(page.status).toBe(200);
    expect(page.html).toContain("Weekly magazine");
    expect(page.html).toMatch(/every 7 days/);
    expect(inputTag(page.html, "email")).toContain('value="reader@testuser.com"');
    expect(page.hidden.preapproval_id).toBe(pending.id);

    const bad = await submit({ ...page.hidden, ...APRO, email: "reader@testuser.com", card_number: "1234" });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Card number: enter the 12 to 19 digits printed on the card.");
    expect(inputTag(badHtml, "card_number")).toContain('aria-invalid="true"');
    expect(inputTag(badHtml, "card_number")).toContain('value="1234"');
    expect(inputTag(badHtml, "security_code")).toContain('value=""');
    expect(badHtml).not.toContain('value="123"');
    expect(hiddenFields(badHtml).attempt).toBe(page.hidden.attempt);

    // provider: the payer must use the e-mail the preapproval was created for.
    const otherEmail = await submit({ ...page.hidden, ...APRO });
    expect(otherEmail.status).toBe(400);
    const otherHtml = await otherEmail.text();
    expect(otherHtml).toContain("Email: this subscription belongs to reader@testuser.com");
    expect(inputTag(otherHtml, "email")).toContain('aria-invalid="true"');
    expect((await api<Subscription>("GET", `/preapproval/${pending.id}`)).status).toBe("pending");

    const ok = await submit({ ...page.hidden, ...APRO, email: "reader@testuser.com" });
    expect(ok.status).toBe(200);
    const result = await ok.text();
    expect(result).toContain("<h1>Subscription authorized</h1>");
    expect(result).toContain(pending.id);
    expect(result).toContain("Approved.");

    const authorized = await api<Subscription>("GET", `/preapproval/${pending.id}`);
    expect(authorized).toMatchObject({
      status: "authorized",
      summarized: { charged_quantity: 1, charged_amount: 99.9 },
    });

    // The link has done its job.
    const reopened = await openCheckout(pending.init_point ?? "");
    expect(reopened.status).toBe(409);
    expect(reopened.html).toContain("already active");
  });

  it("sends the payer to the preapproval's back_url with its id and status", async () => {
    const pending = await api<Subscription>("POST", "/preapproval/", {
      reason: "Box",
      payer_email: "box@testuser.com",
      back_url: "https://shop.example/box",
      auto_recurring: { frequency: 1, frequency_type: "months", transaction_amount: 10, currency_id: "ARS" },
    });
    const page = await openCheckout(pending.init_point ?? "");
    const res = await submit({ ...page.hidden, ...APRO, email: "box@testuser.com" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`https://shop.example/box?preapproval_id=${pending.id}&status=authorized`);
  });
});
