// "Pay with Mercado Pago" drawn the way the provider's own wallet button looks
// (its Checkout Pro / Wallet Brick button: a full-width blue button at least
// 48 px high, 6 px corners, the wallet mark before the words). The blue is a
// shade darker than the brand's light blue (#009EE3, 3.0:1 with white) so the
// white words reach 4.5:1; the mark is our own drawing, not the brand's artwork.
import { Button } from "@cobro/ui";
import type { ReactNode } from "react";

/** A wallet with a card peeking out: decorative, the button's words name it. */
function WalletMark() {
  return (
    <svg className="ui-mp-button__mark" viewBox="0 0 32 24" width="32" height="24" aria-hidden="true" focusable="false">
      <rect x="3" y="2" width="20" height="12" rx="2" fill="#ffe600" transform="rotate(-12 13 8)" />
      <rect x="1" y="6" width="30" height="17" rx="4" fill="#ffffff" />
      <path d="M22 11h9v7h-9a3.5 3.5 0 0 1 0-7z" fill="#cfe8f7" />
      <circle cx="23.5" cy="14.5" r="1.6" fill="#0077c0" />
    </svg>
  );
}

export interface MercadoPagoButtonProps {
  onClick: () => void;
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}

export function MercadoPagoButton({ onClick, busy, busyLabel, children }: MercadoPagoButtonProps) {
  return (
    <Button block className="ui-mp-button" busy={busy} busyLabel={busyLabel} onClick={onClick}>
      {busy ? null : <WalletMark />}
      {children}
    </Button>
  );
}
