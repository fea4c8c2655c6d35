// The shop's e-mail as the shopper gets it: read from the local mail catcher
// (MailDev) of the store, through its REST API (`GET /api/email`).
import { expect } from "@playwright/test";
import { MAIN_STORE, type StoreEnv } from "./e2e-env";

export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
}

/** Waits for the one message to `address` whose subject matches, and returns it. */
export async function waitForMail(
  address: string,
  subject: string | RegExp,
  target: StoreEnv = MAIN_STORE,
): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${target.inboxUrl}/api/email`);
        const all = (await response.json()) as CaughtMail[];
        const matching = all.filter(
          (mail) =>
            mail.to.some((to) => to.address === address) &&
            (typeof subject === "string" ? mail.subject === subject : subject.test(mail.subject)),
        );
        found = matching[0];
        return matching.length;
      },
      { timeout: 20_000, message: `an e-mail to ${address} with subject ${subject}` },
    )
    .toBe(1);
  if (!found) throw new Error("unreachable");
  return found;
}

/** The absolute link to `path` in a message's text (links carry their token in the fragment). */
export function linkIn(mail: CaughtMail, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path.replace(/[/]/g, "\\/")}[^\\s]*`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[0];
}

/** How many messages to `address` with this subject the catcher holds now (for a message sent more than once). */
export async function countMail(address: string, subject: string, target: StoreEnv = MAIN_STORE): Promise<number> {
  const response = await fetch(`${target.inboxUrl}/api/email`);
  const all = (await response.json()) as CaughtMail[];
  return all.filter((mail) => mail.to.some((to) => to.address === address) && mail.subject === subject).length;
}
