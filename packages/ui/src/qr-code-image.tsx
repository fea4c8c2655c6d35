import { type FocusEvent, useEffect, useRef, useState } from "react";
import { Button } from "./button";
import { useDomId } from "./dom-id";

const BASE64_PATTERN = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The `data:` URL of a base64 PNG (the provider's `qr_code_base64`), or null when the text is not base64.
 * The CSP allows `img-src data:`, so the QR code shows without fetching anything.
 */
export function pngDataUrl(base64Png: string): string | null {
  const payload = base64Png.replace(/^data:image\/png;base64,/, "").replace(/\s+/g, "");
  if (payload === "" || !BASE64_PATTERN.test(payload)) return null;
  return `data:image/png;base64,${payload}`;
}

export interface QrCodeImageProps {
  /** The PNG as base64 (with or without the `data:image/png;base64,` prefix). */
  base64Png: string;
  /** The code the QR encodes (Pix "copia e cola"), for paying from the same phone. */
  code: string;
  /** Describes the image: "Pix QR code to pay R$ 120,00". */
  alt: string;
  codeLabel: string;
  copyLabel: string;
  copiedLabel: string;
  /** Shown when the clipboard is unavailable; the code is selected for manual copying. */
  copyFailedLabel: string;
  /** Rendered size in CSS pixels. */
  size?: number;
}

/** A payment QR code with its text code and a copy button (a phone cannot scan its own screen). */
export function QrCodeImage({
  base64Png,
  code,
  alt,
  codeLabel,
  copyLabel,
  copiedLabel,
  copyFailedLabel,
  size = 224,
}: QrCodeImageProps) {
  const src = pngDataUrl(base64Png);
  const inputId = useDomId("qr-code");
  const inputRef = useRef<HTMLInputElement>(null);
  const [copyState, setCopyState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (copyState !== "copied") return;
    const timer = setTimeout(() => setCopyState("idle"), 4000);
    return () => clearTimeout(timer);
  }, [copyState]);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error("clipboard unavailable");
      await navigator.clipboard.writeText(code);
      setCopyState("copied");
    } catch {
      setCopyState("failed");
      inputRef.current?.focus();
      inputRef.current?.select();
    }
  };

  return (
    <div className="ui-qr">
      {src ? <img className="ui-qr__image" src={src} alt={alt} width={size} height={size} /> : null}
      <label className="ui-field__label" htmlFor={inputId}>
        {codeLabel}
      </label>
      <div className="ui-qr__row">
        <input
          ref={inputRef}
          id={inputId}
          className="ui-field__control ui-qr__code"
          readOnly
          value={code}
          onFocus={(event: FocusEvent<HTMLInputElement>) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={copy}>
          {copyLabel}
        </Button>
      </div>
      <p className="ui-qr__status" aria-live="polite">
        {copyState === "copied" ? copiedLabel : copyState === "failed" ? copyFailedLabel : ""}
      </p>
    </div>
  );
}
