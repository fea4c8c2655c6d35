// The typed keys of every dictionary. English is the source of the keys; the
// other languages are typed `Dictionary`, so a missing or misspelt key in any
// of them fails the typecheck. Placeholders are `{name}`.
import type { adminEn } from "./messages-admin-en";
import type { en } from "./messages-en";

/** Keys of the shop's words, which every visitor loads. */
export type ShopMessageKey = keyof typeof en;
/** Keys of the admin console's words, loaded only with the console (shoppers never download them). */
export type AdminMessageKey = keyof typeof adminEn;
export type MessageKey = ShopMessageKey | AdminMessageKey;

/** One language's shop words. */
export type Dictionary = Readonly<Record<ShopMessageKey, string>>;
/** One language's console words. */
export type AdminDictionary = Readonly<Record<AdminMessageKey, string>>;

/** Values for a message's `{placeholders}`. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** Translates a key, filling its placeholders. */
export type Translate = (key: MessageKey, params?: MessageParams) => string;
