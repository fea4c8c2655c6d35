// The store's identity in a real browser against the product as `npm start` runs it: an admin changes the name and
// the brand colour (a colour too light for white text is refused, naming the field) and uploads a logo; the shop's
// header, page title and accent follow at once, and an e-mail caught by the mail catcher carries the new name and
// logo. The settings go back to their defaults at the end, since every later spec shares this store.
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { waitForMail } from "../support/mail";
import { signInStaff } from "../support/staff";

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const IDENTITY_KEYS = ["store_name", "brand_color", "logo", "statement_descriptor", "sender_name", "sender_address"];

test("[admin][settings] a new name, colour and logo show in the shop's header and the e-mails", async ({
  page,
  context,
  db,
  signInAs,
}) => {
  const storeName = `Yerba Norte ${crypto.randomUUID().slice(0, 4)}`;
  try {
    await signInStaff({ db, context, role: "admin" });
    await page.goto("/admin/settings");
    const form = page.getByRole("form", { name: "Store identity" });
    await form.getByLabel("Store name").fill(storeName);
    // Gold carries white text at about 1.4:1: refused before it is sent, the field named, the text kept.
    await form.getByLabel("Brand colour").fill("#ffd700");
    await form.getByRole("button", { name: "Save store identity" }).click();
    await expect(form.getByLabel("Brand colour")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText(/dark enough for white text/).first()).toBeVisible();
    await expect(form.getByLabel("Brand colour")).toHaveValue("#ffd700");

    await form.getByLabel("Brand colour").fill("#1b5e20");
    await expect(form.getByText(/Contrast with white text: 7\.\d\d:1/)).toBeVisible();
    await form.getByRole("button", { name: "Save store identity" }).click();
    await expect(page.getByText("Store identity saved. The shop and new e-mails use it now.")).toBeVisible();

    const logoForm = page.getByRole("form", { name: "Logo" });
    await logoForm.getByLabel("Logo file").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
    await logoForm.getByRole("button", { name: "Upload logo" }).click();
    await expect(page.getByText("Logo saved. The shop and new e-mails show it now.")).toBeVisible();
    await expect(page.getByRole("img", { name: "Current logo" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The database holds the new values; the change is audited with before and after.
    const rows = await db
      .selectFrom("store_settings")
      .select(["key", "value"])
      .where("key", "in", ["store_name", "brand_color"])
      .orderBy("key")
      .execute();
    expect(rows).toEqual([
      { key: "brand_color", value: "#1b5e20" },
      { key: "store_name", value: storeName },
    ]);
    const audited = await db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "store_setting.changed")
      .where("resource_id", "=", "store_name")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(audited.details).toEqual({ from: "Cobro", to: storeName });

    // The shop: the header names the store, with its logo; the title and the accent follow.
    await page.goto("/");
    const brand = page.getByRole("banner").getByRole("link", { name: storeName });
    await expect(brand).toBeVisible();
    const logo = brand.locator("img");
    await expect(logo).toHaveAttribute("src", /^\/api\/store\/logo\/[0-9a-f]{64}$/);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await expect(page).toHaveTitle(new RegExp(`· ${storeName}$`));
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--ui-primary")))
      .toBe("#1b5e20");

    // An e-mail sent now carries the store's name and its logo (an absolute URL from PUBLIC_URL).
    const shopper = await signInAs();
    const reset = await page.request.post("/api/trpc/auth.requestPasswordReset", { data: { email: shopper.email } });
    expect(reset.status()).toBe(200);
    // Sent outside the page, so in the store's language: the only message to this new shopper, whatever its subject.
    const mail = await waitForMail(shopper.email, /.+/);
    expect(mail.subject).toContain(storeName);
    expect(mail.text).toContain(storeName);
    expect(mail.html).toMatch(new RegExp(`<img src="https?://[^"]+/api/store/logo/[0-9a-f]{64}" alt="${storeName}"`));
  } finally {
    await db.deleteFrom("store_settings").where("key", "in", IDENTITY_KEYS).execute();
  }
});
