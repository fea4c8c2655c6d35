// Cash vouchers (boleto, OXXO, Rapipago, …) and the page that shows them or a
// Pix QR code, served at the payment's `external_resource_url` / `ticket_url`.
// Boletos get a well-formed 44-digit barcode and 47-digit typeable line (bank
// 237, currency 9, modulo-11 general check digit, due-date factor, amount in
// cents, modulo-10 check digits per field), so parsers built for the real
// thing accept them.

import { randomInt } from "node:crypto";
import type { Schemas } from "../schemas";

const DAY_MS = 86_400_000;
/** Boleto due-date factors count days from 1997-10-07; factor 9999 (2025-02-21) wrapped to 1000. */
const BOLETO_FACTOR_BASE = Date.UTC(1997, 9, 7);

function randomDigits(count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) out += String(randomInt(10));
  return out;
}

function modulo10(digits: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? Math.floor(product / 10) + (product % 10) : product;
    weight = weight === 2 ? 1 : 2;
  }
  return String((10 - (sum % 10)) % 10);
}

function modulo11(digits: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? "1" : String(dv);
}

/** The boleto due-date factor of a date (4 digits, restarting at 1000 after 9999). */
export function boletoDueFactor(due: Date): string {
  const days = Math.floor(
    (Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate()) - BOLETO_FACTOR_BASE) / DAY_MS,
  );
  const factor = days <= 9999 ? days : ((days - 10000) % 9000) + 1000;
  return String(factor).padStart(4, "0");
}

export interface BoletoNumbers {
  /** 44 digits. */
  barcode: string;
  /** 47 digits (the "linha digitável"). */
  digitableLine: string;
}

/** A boleto barcode and typeable line for an amount in cents and a due date. */
export function buildBoleto(amountCents: number, due: Date): BoletoNumbers {
  const bankAndCurrency = "2379";
  const factor = boletoDueFactor(due);
  const amount = String(amountCents).padStart(10, "0").slice(-10);
  const free = randomDigits(25);
  const withoutDv = bankAndCurrency + factor + amount + free;
  const dv = modulo11(withoutDv);
  const barcode = bankAndCurrency + dv + factor + amount + free;
  const field1 = bankAndCurrency + free.slice(0, 5);
  const field2 = free.slice(5, 15);
  const field3 = free.slice(15, 25);
  const digitableLine =
    field1 + modulo10(field1) + field2 + modulo10(field2) + field3 + modulo10(field3) + dv + factor + amount;
  return { barcode, digitableLine };
}

/** True when a 44-digit boleto barcode's general check digit is right. */
export function isValidBoletoBarcode(barcode: string): boolean {
  if (!/^\d{44}$/.test(barcode)) return false;
  return modulo11(barcode.slice(0, 4) + barcode.slice(5)) === barcode[4];
}

/** A cash-voucher reference and barcode content (non-boleto tickets). */
export function buildCashVoucher(paymentId: number): { reference: string; barcode: string } {
  const reference = `${String(paymentId).slice(-6).padStart(6, "0")}${randomDigits(4)}`;
  const body = `${reference}${randomDigits(19)}`;
  return { reference, barcode: body + modulo10(body) };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function row(label: string, value: string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  return `<tr><th>${escapeHtml(label)}</th><td><code>${escapeHtml(value)}</code></td></tr>`;
}

/**
 * The voucher page: amount, status, expiry, and the Pix QR code or the
 * voucher's numbers. While the payment is pending it carries sandbox buttons
 * that settle it (`POST /__sandbox/payments/{id}/settle`).
 */
export function renderVoucherPage(payment: Schemas["Payment"]): string {
  const details = payment.transaction_details;
  const poi = payment.point_of_interaction?.transaction_data;
  const isPix = payment.payment_method_id === "pix";
  const title = isPix ? "Pix" : `Voucher ${payment.payment_method_id}`;
  const amount = `${payment.transaction_amount} ${payment.currency_id}`;
  const qr =
    isPix && poi?.qr_code_base64
      ? `<p><img alt="Pix QR code" src="data:image/png;base64,${poi.qr_code_base64}"></p>`
      : "";
  const pending = payment.status === "pending" || payment.status === "in_process";
  const settle = pending
    ? `<form method="post" action="/__sandbox/payments/${payment.id}/settle">
  <p>Sandbox: simulate the buyer.</p>
  <button name="outcome" value="approve">Pay</button>
  <button name="outcome" value="reject">Reject</button>
  <button name="outcome" value="expire">Let it expire</button>
</form>`
    : "";
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)} · payment ${payment.id}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}th{text-align:left;padding-right:1rem}code{word-break:break-all}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>Payment <strong>${payment.id}</strong>: <strong>${escapeHtml(amount)}</strong> — status <strong id="status">${escapeHtml(payment.status)}</strong> (${escapeHtml(payment.status_detail)})</p>
${qr}
<table>
${row("Pay before", payment.date_of_expiration)}
${row("Pix copia e cola", isPix ? poi?.qr_code : null)}
${row("Reference", details?.payment_method_reference_id)}
${row("Barcode", details?.barcode?.content)}
${row("Typeable line", details?.digitable_line)}
</table>
${settle}
</body>
</html>`;
}
