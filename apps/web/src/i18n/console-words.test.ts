// What the console says in Spanish and Portuguese: no status left in English, and one register of Spanish (tú,
// as chosen at the top of messages-admin-es.ts) in every console string.
import {
  MERCHANT_ORDER_STATUSES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  REFUND_REASONS,
  WEBHOOK_EVENT_STATUSES,
} from "@cobro/contracts";
import { describe, expect, it } from "vitest";
import { DICTIONARIES } from "./all-dictionaries";
import type { MessageKey } from "./dictionary";
import { adminEn } from "./messages-admin-en";
import { adminWordsEn } from "./messages-admin-words-en";
import { PAYMENT_STATUS_DETAILS } from "./payment-status";

/** The console's keys: its own dictionary, plus the shop's words it shows (payment statuses, refusal reasons). */
const consoleKeys = [
  ...Object.keys(adminEn),
  ...Object.keys(DICTIONARIES.en).filter((key) => key.startsWith("payment.status.") || key.startsWith("reason.")),
] as MessageKey[];

/** Every status word the provider or Cobro stores, spelt as stored and as English words. */
const RAW_STATUS_WORDS = new Set(
  [
    ...Object.keys(PAYMENT_STATUSES),
    ...ORDER_STATUSES,
    ...MERCHANT_ORDER_STATUSES,
    ...WEBHOOK_EVENT_STATUSES,
    ...Object.keys(adminWordsEn)
      .filter((key) => key.startsWith("admin.status."))
      .map((key) => key.slice("admin.status.".length)),
    "paid",
    "processed",
    "active",
    "inactive",
    "paused",
    "failed",
    "succeeded",
  ].flatMap((word) => [word, word.replaceAll("_", " ")]),
);

describe("the console in Spanish and Portuguese", () => {
  it.each(["es", "pt"] as const)("%s: no console string is a raw English status word", (language) => {
    const leftInEnglish = consoleKeys.filter((key) => {
      const text = DICTIONARIES[language][key].trim().toLowerCase();
      return RAW_STATUS_WORDS.has(text);
    });
    expect(leftInEnglish).toEqual([]);
  });

  it("has words in every language for each status detail, status word and refund reason it may show", () => {
    const wanted = [
      ...Object.keys(PAYMENT_STATUS_DETAILS).map((code) => `admin.statusDetail.${code}`),
      ...REFUND_REASONS.map((reason) => `admin.payments.refundReason.${reason}`),
      ...ORDER_STATUSES.filter((status) => status !== "refunded").map((status) => `admin.status.${status}`),
      ...WEBHOOK_EVENT_STATUSES.map((status) => `admin.status.${status}`),
    ] as MessageKey[];
    for (const language of ["en", "es", "pt"] as const) {
      const missing = wanted.filter((key) => !DICTIONARIES[language][key]);
      expect(missing, language).toEqual([]);
    }
  });
});

// Argentine voseo next to its tú form: the imperatives and present forms the console's sentences use. A voseo
// imperative is a tú imperative stressed on its last syllable (ingresá / ingresa), so the list also catches the
// general shape below for verbs not listed.
const VOSEO_FORMS = [
  "ingresá",
  "elegí",
  "revisá",
  "intentá",
  "recargá",
  "cambiá",
  "empezá",
  "mirá",
  "volvé",
  "seguí",
  "quitá",
  "dejá",
  "definí",
  "creá",
  "cobrá",
  "vinculá",
  "reiniciá",
  "enviá",
  "conectá",
  "actualizá",
  "usá",
  "escribí",
  "agregá",
  "hacé",
  "probá",
  "esperá",
  "confirmá",
  "completá",
  "abrí",
  "buscá",
  "tocá",
  "pedile",
  "fijate",
  "podés",
  "tenés",
  "querés",
  "sabés",
  "necesitás",
  "devolvés",
  "cancelalo",
  "terminalo",
  "reiniciala",
  "pasala",
  "apagala",
  "revisalo",
  "dejalo",
  "conectalo",
  "vos",
  "sos",
  "acá",
];
/** Words ending in a stressed vowel that are not voseo (está, qué, así, and futures such as cobrará). */
const NOT_VOSEO = new Set([
  "está",
  "esté",
  "qué",
  "así",
  "aquí",
  "allí",
  "ahí",
  "sí",
  "más",
  "demás",
  "también",
  "según",
]);
/** Irregular futures (tú and usted alike), which end like a voseo imperative. */
const IRREGULAR_FUTURES = /^(podr|tendr|har|habr|sabr|querr|dir|vendr|saldr|pondr|valdr|cabr)(á|ás|é|emos|án)$/;

function voseoIn(text: string): string[] {
  const words = text.toLowerCase().match(/[a-záéíóúñü]+/g) ?? [];
  return words.filter((word) => {
    if (VOSEO_FORMS.includes(word)) return true;
    if (NOT_VOSEO.has(word) || IRREGULAR_FUTURES.test(word)) return false;
    // A regular future keeps its infinitive (cobrar-á, volver-á): not voseo.
    if (/(ar|er|ir)(á|ás|é)$/.test(word)) return false;
    // Stressed -á/-é/-í endings of a verb-like stem: the voseo imperative's shape (ingresá, definí).
    return /^[a-zñ]{3,}[^aeiou](á|é|í)$/.test(word);
  });
}

describe("the Spanish console's register", () => {
  it("uses tú, never voseo, in every console string", () => {
    const found = consoleKeys
      .map((key) => ({ key, voseo: voseoIn(DICTIONARIES.es[key]) }))
      .filter((entry) => entry.voseo.length > 0);
    expect(found).toEqual([]);
  });

  it("catches voseo when it is there, and leaves tú and the future alone", () => {
    expect(voseoIn("Ingresá un monto y elegí un motivo")).toEqual(["ingresá", "elegí"]);
    expect(voseoIn("Podés reintentar desde acá")).toEqual(["podés", "acá"]);
    expect(voseoIn("Cancelalo en la terminal")).toEqual(["cancelalo"]);
    expect(voseoIn("Ingresa un monto; la tienda cobrará y podrá devolver. Está aquí, así que sí.")).toEqual([]);
  });
});
