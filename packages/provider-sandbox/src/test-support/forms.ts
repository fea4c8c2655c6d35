// The hosted pages (checkout, subscription checkout, OAuth consent) are plain
// HTML forms: helpers to read a page's form and post one as a browser would.

/** The hosted checkout's card fields for the MLA Visa test card with the APRO (approve) cardholder. */
export const APRO_CARD_FIELDS = {
  card_number: "4509 9535 6623 3704",
  expiration_month: "11",
  expiration_year: "2030",
  security_code: "123",
  cardholder_name: "APRO",
  identification_type: "DNI",
  identification_number: "12345678",
} as const;

/**
 * Posts a form without following redirects (hosted pages answer 302/303), by
 * default with the global fetch; pass a sandbox's contract-checking fetch to
 * go through it.
 */
export function postForm(
  url: string,
  fields: Record<string, string>,
  fetchFn: typeof fetch = fetch,
): Promise<Response> {
  return fetchFn(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

/** The `name` → `value` of every `<input>` and selected `<option>` of the first form of a page. */
export function formFields(html: string): { action: string | null; fields: Record<string, string> } {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return { action: null, fields: {} };
  const attribute = (tag: string, name: string) =>
    new RegExp(`\\b${name}="([^"]*)"`, "i")
      .exec(tag)?.[1]
      ?.replace(/&amp;/g, "&")
      .replace(/&quot;/g, '"') ?? null;
  const fields: Record<string, string> = {};
  for (const input of (form[2] ?? "").match(/<input\b[^>]*>/gi) ?? []) {
    const name = attribute(input, "name");
    if (name) fields[name] = attribute(input, "value") ?? "";
  }
  for (const select of (form[2] ?? "").matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/gi)) {
    const name = attribute(select[1] ?? "", "name");
    const selected = /<option\b[^>]*\bselected\b[^>]*>/i.exec(select[2] ?? "")?.[0];
    if (name && selected) fields[name] = attribute(selected, "value") ?? "";
  }
  return { action: attribute(form[1] ?? "", "action"), fields };
}
