// The store's logo: an upload is checked by its first bytes (never by a name or a declared type, which a client
// chooses), stored by its SHA-256 and made the current logo through the audited settings change. SVG is refused:
// served from our own origin it could run script.
import { createHash } from "node:crypto";
import { STORE_LOGO_MAX_BYTES, type StoreLogoContentType, type StoreLogoRef } from "@cobro/contracts";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import type { StoreSettingsRead } from "./store-settings";
import { updateStoreSettings } from "./update-store-settings";

/** The image type of `data` by its signature, or null: PNG, JPEG and WebP only. */
export function sniffLogoType(data: Uint8Array): StoreLogoContentType | null {
  const starts = (bytes: number[], at = 0) => bytes.every((byte, i) => data[at + i] === byte);
  // PNG: \x89PNG\r\n\x1a\n (PNG spec, 5.2).
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  // JPEG: SOI marker FF D8 followed by another marker's FF.
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  // WebP: "RIFF" <size> "WEBP".
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

export async function uploadStoreLogo(options: {
  db: Kysely<DB>;
  actorUserId: string | null;
  dataBase64: string;
  now?: Date;
}): Promise<StoreSettingsRead & { logo: StoreLogoRef }> {
  const data = Buffer.from(options.dataBase64, "base64");
  if (data.length === 0) throw new AppError("BAD_REQUEST", "logo is empty.", { field: "logo" });
  if (data.length > STORE_LOGO_MAX_BYTES) {
    throw new AppError("BAD_REQUEST", "logo must be at most 512 KB.", { field: "logo" });
  }
  const contentType = sniffLogoType(data);
  if (contentType === null) {
    throw new AppError("BAD_REQUEST", "logo must be a PNG, JPEG or WebP image.", { field: "logo" });
  }
  const sha256 = createHash("sha256").update(data).digest("hex");
  // The same bytes are the same row: uploading a logo again changes nothing but the setting.
  await options.db
    .insertInto("store_logos")
    .values({ sha256, content_type: contentType, data, uploaded_by: options.actorUserId })
    .onConflict((oc) => oc.column("sha256").doNothing())
    .execute();
  const logo = { sha256, contentType };
  const read = await updateStoreSettings({
    db: options.db,
    actorUserId: options.actorUserId,
    changes: { logo },
    ...(options.now ? { now: options.now } : {}),
  });
  return { settings: read.settings, version: read.version, logo };
}

/** Removes the current logo (the image row stays: an old e-mail may still show it). */
export async function removeStoreLogo(options: { db: Kysely<DB>; actorUserId: string | null; now?: Date }) {
  return updateStoreSettings({
    db: options.db,
    actorUserId: options.actorUserId,
    changes: { logo: null },
    ...(options.now ? { now: options.now } : {}),
  });
}

/** One logo image by its hash, or null. */
export async function readStoreLogo(options: {
  db: Kysely<DB>;
  sha256: string;
}): Promise<{ contentType: StoreLogoContentType; data: Buffer } | null> {
  if (!/^[0-9a-f]{64}$/.test(options.sha256)) return null;
  const row = await options.db
    .selectFrom("store_logos")
    .select(["content_type", "data"])
    .where("sha256", "=", options.sha256)
    .executeTakeFirst();
  return row ? { contentType: row.content_type, data: row.data } : null;
}
