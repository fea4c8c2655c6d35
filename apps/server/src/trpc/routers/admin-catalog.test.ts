// admin.catalog.* over real HTTP (Hono + tRPC): a bad price is a 400 naming
// the field, a taken slug a 409 naming `slug`, every change is audited, and
// viewers read the list but cannot write.
import { trpcServer } from "@hono/trpc-server";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { startShopTestEnv } from "../../test/shop-test-env";
import { signInAs } from "../../test/test-users";
import { appRouter } from "../router";
import { createTrpcContext } from "../trpc";

// The sandbox plays the store's provider account (site MLA: the store sells in ARS).
const env = await startShopTestEnv();
afterAll(() => env.close());
const { db, deps } = env;
const app = new Hono().use("/trpc/*", trpcServer({ router: appRouter, createContext: createTrpcContext(deps) }));

interface ErrorBody {
  error: {
    message: string;
    data: {
      httpStatus: number;
      field: string | null;
      reason: string | null;
      fieldErrors: Record<string, string[]> | null;
    };
  };
}

async function post(path: string, body: unknown, cookie: string) {
  const response = await app.request(`/trpc/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as ErrorBody & { result: { data: unknown } } };
}

function uniqueSlug(label: string) {
  return `${label}-${crypto.randomUUID().slice(0, 8)}`;
}

const admin = await signInAs({ db, role: "admin" });

describe("admin.catalog", () => {
  it("saves descriptions in three languages, keeps them on an update that leaves them out, and the shop reads them", async () => {
    const slug = uniqueSlug("yerba");
    const translations = {
      en: { description: "Organic yerba" },
      es: { title: "Yerba", description: "Yerba orgánica" },
      pt: { description: "Erva orgânica", imageAlt: "Um pacote verde" },
    };
    const created = await post(
      "admin.catalog.create",
      { slug, title: "Yerba mate", description: "Default", priceMinor: 500, currency: "ARS", translations },
      admin.cookie,
    );
    expect(created.status).toBe(200);
    const product = created.body.result.data as { id: string; translations: unknown };
    expect(product.translations).toEqual(translations);
    // A client from before translations: the update leaves them as they were.
    const updated = await post(
      "admin.catalog.update",
      {
        id: product.id,
        fields: { slug, title: "Yerba mate", description: "Default", priceMinor: 600, currency: "ARS" },
      },
      admin.cookie,
    );
    expect(updated.body.result.data).toMatchObject({ changed: true, product: { priceMinor: 600, translations } });
    // Emptying one language's description drops it (the default shows again), audited as a change.
    const emptied = await post(
      "admin.catalog.update",
      {
        id: product.id,
        fields: {
          slug,
          title: "Yerba mate",
          description: "Default",
          priceMinor: 600,
          currency: "ARS",
          translations: { ...translations, en: { description: "" } },
        },
      },
      admin.cookie,
    );
    expect(emptied.body.result.data).toMatchObject({ changed: true });
    const shop = await app.request(
      `/trpc/catalog.get?input=${encodeURIComponent(JSON.stringify({ slug, language: "es" }))}`,
    );
    expect(((await shop.json()) as { result: { data: unknown } }).result.data).toMatchObject({
      name: "Yerba",
      description: "Yerba orgánica",
    });
    const english = await app.request(
      `/trpc/catalog.get?input=${encodeURIComponent(JSON.stringify({ slug, language: "en" }))}`,
    );
    expect(((await english.json()) as { result: { data: unknown } }).result.data).toMatchObject({
      name: "Yerba mate",
      description: "Default",
    });
    const tooLong = await post(
      "admin.catalog.create",
      {
        slug: uniqueSlug("long"),
        title: "Long",
        priceMinor: 500,
        currency: "ARS",
        translations: { es: { description: "x".repeat(5001) } },
      },
      admin.cookie,
    );
    expect(tooLong.status).toBe(400);
    expect(Object.keys(tooLong.body.error.data.fieldErrors ?? {})).toContain("translations.es.description");
  });

  it("creates and edits a product, auditing both, and lists it with inactive ones", async () => {
    const slug = uniqueSlug("mate");
    const created = await post(
      "admin.catalog.create",
      {
        slug,
        title: "Mate",
        description: "Calabaza",
        priceMinor: 12_550,
        currency: "ARS",
        imageUrl: "https://img.example/mate.png",
      },
      admin.cookie,
    );
    expect(created.status).toBe(200);
    const product = created.body.result.data as { id: string };
    expect(product).toMatchObject({ slug, title: "Mate", priceMinor: 12_550, currency: "ARS", active: true });

    const edited = await post(
      "admin.catalog.update",
      { id: product.id, fields: { slug, title: "Mate grande", priceMinor: 15_000, currency: "ARS", active: false } },
      admin.cookie,
    );
    expect(edited.status).toBe(200);
    // The same form saved again changes nothing and is not audited again.
    const again = await post(
      "admin.catalog.update",
      { id: product.id, fields: { slug, title: "Mate grande", priceMinor: 15_000, currency: "ARS", active: false } },
      admin.cookie,
    );
    expect(again.body.result.data).toMatchObject({ changed: false });
    const row = await db.selectFrom("products").selectAll().where("id", "=", product.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "Mate grande", price_minor: 15_000, active: false, image_url: null });

    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "actor_user_id", "details"])
      .where("resource_id", "=", product.id)
      .orderBy("created_at")
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(["product.created", "product.updated"]);
    expect(audit[1]).toMatchObject({
      actor_user_id: admin.user.id,
      details: {
        title: { from: "Mate", to: "Mate grande" },
        priceMinor: { from: 12_550, to: 15_000 },
        active: { from: true, to: false },
      },
    });

    const viewer = await signInAs({ db, role: "viewer" });
    const listed = await app.request(
      `/trpc/admin.catalog.list?input=${encodeURIComponent(JSON.stringify({ limit: 100, direction: "forward" }))}`,
      {
        headers: { cookie: viewer.cookie },
      },
    );
    const page = (await listed.json()) as { result: { data: { items: { id: string; active: boolean }[] } } };
    expect(page.result.data.items).toContainEqual(expect.objectContaining({ id: product.id, active: false }));
  });

  it("refuses a price that is not whole minor units with a 400 naming the field", async () => {
    const bad = await post(
      "admin.catalog.create",
      { slug: uniqueSlug("bad"), title: "Bad", priceMinor: 10.5, currency: "ARS" },
      admin.cookie,
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.data.fieldErrors ?? {})).toEqual(["priceMinor"]);

    const zero = await post(
      "admin.catalog.update",
      { id: crypto.randomUUID(), fields: { slug: "x", title: "X", priceMinor: 0, currency: "ARS" } },
      admin.cookie,
    );
    expect(zero.status).toBe(400);
    expect(Object.keys(zero.body.error.data.fieldErrors ?? {})).toEqual(["fields.priceMinor"]);
  });

  it("refuses a price in a currency other than the store's, naming currency", async () => {
    const response = await post(
      "admin.catalog.create",
      { slug: uniqueSlug("brl"), title: "Reais", priceMinor: 100, currency: "BRL" },
      admin.cookie,
    );
    expect(response.status).toBe(400);
    expect(response.body.error.data.field).toBe("currency");
  });

  it("refuses a slug that is not URL-safe (400) or already taken (409), naming slug", async () => {
    const unsafe = await post(
      "admin.catalog.create",
      { slug: "Mate Grande!", title: "M", priceMinor: 100, currency: "ARS" },
      admin.cookie,
    );
    expect(unsafe.status).toBe(400);
    expect(Object.keys(unsafe.body.error.data.fieldErrors ?? {})).toEqual(["slug"]);

    const slug = uniqueSlug("taken");
    expect(
      (await post("admin.catalog.create", { slug, title: "One", priceMinor: 100, currency: "ARS" }, admin.cookie))
        .status,
    ).toBe(200);
    const duplicate = await post(
      "admin.catalog.create",
      { slug, title: "Two", priceMinor: 100, currency: "ARS" },
      admin.cookie,
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.data).toMatchObject({ field: "slug", reason: "slug_taken" });
    expect(duplicate.body.error.message).toMatch(/slug/);

    const other = await post(
      "admin.catalog.create",
      { slug: uniqueSlug("other"), title: "Other", priceMinor: 100, currency: "ARS" },
      admin.cookie,
    );
    const otherId = (other.body.result.data as { id: string }).id;
    const renamed = await post(
      "admin.catalog.update",
      { id: otherId, fields: { slug, title: "Other", priceMinor: 100, currency: "ARS" } },
      admin.cookie,
    );
    expect(renamed.status).toBe(409);
    expect(renamed.body.error.data.field).toBe("slug");
  });

  it("deactivates a product once (audited once) and refuses viewers and operators", async () => {
    const created = await post(
      "admin.catalog.create",
      { slug: uniqueSlug("off"), title: "Off", priceMinor: 100, currency: "ARS" },
      admin.cookie,
    );
    const id = (created.body.result.data as { id: string }).id;
    expect((await post("admin.catalog.deactivate", { id }, admin.cookie)).body.result.data).toMatchObject({
      changed: true,
    });
    expect((await post("admin.catalog.deactivate", { id }, admin.cookie)).body.result.data).toMatchObject({
      changed: false,
    });
    const entries = await db.selectFrom("audit_log").select("action").where("resource_id", "=", id).execute();
    expect(entries.map((entry) => entry.action)).toEqual(["product.created", "product.deactivated"]);

    const operator = await signInAs({ db, role: "operator" });
    expect((await post("admin.catalog.deactivate", { id }, operator.cookie)).status).toBe(403);
  });
});
