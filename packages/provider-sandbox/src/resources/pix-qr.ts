// Pix "copia e cola" codes and their QR images. The code follows the BR Code
// layout (EMV merchant-presented QR: id-length-value fields, a dynamic Pix
// payload URL, amount, merchant and a CRC16 at the end), so bank-app-like
// parsers and the product's own display logic see a realistic string. The
// image is a real PNG of that code: `qrcode` computes the symbol and pngjs
// encodes its modules synchronously (payments are created synchronously, and
// qrcode's own PNG output is stream-based).

import { PNG } from "pngjs";
import QRCode from "qrcode";

/** One EMV field: two-digit id, two-digit length, value. */
function emvField(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`EMV field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** CRC16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), the checksum BR Codes end with. */
export function crc16Ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** ASCII upper case without accents, as BR Code merchant fields expect. */
function plainUpper(text: string, max: number): string {
  const plain = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 .-]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toUpperCase();
  return (plain || "SANDBOX").slice(0, max);
}

export interface PixCodeInput {
  /** The amount as a decimal string with two decimals, e.g. "100.50". */
  amount: string;
  merchantName: string;
  merchantCity: string;
  /** Location of the dynamic payload, without scheme (`host/path`). */
  payloadLocation: string;
  /** Transaction id (up to 25 letters and digits). */
  txid: string;
}

/**
 * Builds a dynamic Pix BR Code: `000201` `010212` (single use), merchant
 * account `26` (`br.gov.bcb.pix` + payload URL), MCC `0000`, currency `986`
 * (BRL), amount, country `BR`, merchant name and city, txid and the CRC16.
 */
export function buildPixCode(input: PixCodeInput): string {
  const account = emvField("00", "br.gov.bcb.pix") + emvField("25", input.payloadLocation.slice(0, 77));
  const body =
    emvField("00", "01") +
    emvField("01", "12") +
    emvField("26", account) +
    emvField("52", "0000") +
    emvField("53", "986") +
    emvField("54", input.amount) +
    emvField("58", "BR") +
    emvField("59", plainUpper(input.merchantName, 25)) +
    emvField("60", plainUpper(input.merchantCity, 15)) +
    emvField("62", emvField("05", input.txid.replace(/[^A-Za-z0-9]/g, "").slice(0, 25) || "***"));
  const withCrcHeader = `${body}6304`;
  return withCrcHeader + crc16Ccitt(withCrcHeader);
}

/** The eight bytes every PNG file starts with. */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A PNG (8-bit greyscale) of the QR code of `text`: `scale` pixels per module
 * and the standard 4-module quiet zone.
 */
export function qrPng(text: string, scale = 6): Buffer {
  const modules = QRCode.create(text, { errorCorrectionLevel: "M" }).modules;
  const quiet = 4;
  const side = (modules.size + quiet * 2) * scale;
  const image = new PNG({ width: side, height: side });
  // RGBA, white and opaque; then the dark modules in black.
  image.data.fill(255);
  for (let y = 0; y < side; y++) {
    const row = Math.floor(y / scale) - quiet;
    if (row < 0 || row >= modules.size) continue;
    for (let x = 0; x < side; x++) {
      const col = Math.floor(x / scale) - quiet;
      if (col < 0 || col >= modules.size || !modules.get(row, col)) continue;
      const offset = (y * side + x) * 4;
      image.data[offset] = 0;
      image.data[offset + 1] = 0;
      image.data[offset + 2] = 0;
    }
  }
  return PNG.sync.write(image, { colorType: 0 });
}

/** The QR PNG of `text`, base64-encoded (the provider's `qr_code_base64`, no `data:` prefix). */
export function qrPngBase64(text: string): string {
  return qrPng(text).toString("base64");
}
