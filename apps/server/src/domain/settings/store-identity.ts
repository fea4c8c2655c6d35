// The store as the shop, the console and the e-mails show it: its name, colour and logo URL, read from the
// settings on every use (so each instance shows a change at once), and the e-mails' From.
import { type StoreIdentity, type StoreSettings, storeLogoPath } from "@cobro/contracts";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { getStoreSettings } from "./store-settings";

export function storeIdentityOf(settings: StoreSettings): StoreIdentity {
  return {
    name: settings.storeName,
    brandColor: settings.brandColor,
    logoUrl: settings.logo ? storeLogoPath(settings.logo) : null,
  };
}

export async function getStoreIdentity(options: { db: Kysely<DB> }): Promise<StoreIdentity> {
  return storeIdentityOf((await getStoreSettings(options)).settings);
}

/**
 * The e-mails' From: the address set in the console (with its display name, else the store's name), or the
 * server's MAIL_FROM when none is set. A structured address, so the mail library quotes the name itself.
 */
export function mailFromOf(settings: StoreSettings): { name: string; address: string } | null {
  if (settings.senderAddress === "") return null;
  return { name: settings.senderName || settings.storeName, address: settings.senderAddress };
}
