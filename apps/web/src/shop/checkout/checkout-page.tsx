// Checkout in two steps: the payer's details make a checkout on the server
// (prices come from the database), then the shopper picks how to pay it: a
// card tokenized in the browser, Mercado Pago's hosted checkout, or Pix/cash
// where the site offers them. The checkout id and its guest token live in
// sessionStorage, so a reload or a "try another card" resumes the SAME
// checkout and the server's one-payment-per-checkout rule keeps it to one charge.
// The steps live beside this page; it picks the one to show.

import { Alert, Card, EmptyState, PageHeading } from "@cobro/ui";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useI18n } from "../../i18n/i18n-context";
import { useCurrentUser } from "../../shared/components/app-layout";
import { useDocumentTitle } from "../../shared/components/use-document-title";
import { useCart } from "../cart/cart-context";
import { toCheckoutItems } from "../cart/cart-state";
import { Price } from "../catalog/price";
import {
  cartSignature,
  clearStoredCheckout,
  readStoredCheckout,
  type StoredCheckout,
  writeStoredCheckout,
} from "../checkout/checkout-session";
import { PayerStep, type PayerValues } from "../checkout/payer-step";
import { PaymentStep } from "../checkout/payment-step";

function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/);
  return { firstName: parts[0] ?? "", lastName: parts.slice(1).join(" ") };
}

/** `/checkout`: resumes the checkout of this tab when it still matches the cart, else asks for the payer. */
export function CheckoutPage() {
  const { t } = useI18n();
  const cart = useCart();
  const { user } = useCurrentUser();
  useDocumentTitle(t("page.checkout.title"));
  const signature = cartSignature(toCheckoutItems(cart.items));
  const [stored, setStored] = useState<StoredCheckout | null>(() => {
    const found = readStoredCheckout();
    // The cart changed since: that checkout is for other products. An empty cart (another tab bought it, or the
    // shopper comes back to retry) keeps the checkout.
    return found && (cart.items.length === 0 || found.cartSignature === signature) ? found : null;
  });
  const previousPayer = useRef<StoredCheckout["payer"] | null>(stored?.payer ?? null);

  useEffect(() => {
    if (stored && cart.items.length > 0 && stored.cartSignature !== signature) {
      clearStoredCheckout();
      setStored(null);
    }
  }, [stored, signature, cart.items.length]);

  const heading = <PageHeading title={t("page.checkout.title")} description={t("checkout.description")} />;

  if (stored) {
    return (
      <>
        {heading}
        <PaymentStep
          checkout={stored}
          onChangeDetails={() => {
            previousPayer.current = stored.payer;
            clearStoredCheckout();
            setStored(null);
          }}
        />
      </>
    );
  }

  if (cart.items.length === 0) {
    return (
      <>
        {heading}
        <EmptyState
          title={t("cart.empty.title")}
          description={t("checkout.emptyCart")}
          action={<Link to="/">{t("common.backToStore")}</Link>}
        />
      </>
    );
  }
  if (cart.total === null) {
    return (
      <>
        {heading}
        <Alert tone="warning">{t("cart.mixedCurrencies")}</Alert>
        <Link to="/cart">{t("checkout.backToCart")}</Link>
      </>
    );
  }

  const payer = previousPayer.current;
  const names = user ? splitName(user.name) : { firstName: "", lastName: "" };
  const initial: PayerValues = {
    email: payer?.email ?? user?.email ?? "",
    firstName: payer?.firstName ?? names.firstName,
    lastName: payer?.lastName ?? names.lastName,
    identification: { type: payer?.identification.type ?? "", number: payer?.identification.number ?? "" },
  };

  return (
    <>
      {heading}
      <Card title={t("checkout.cartSummary")}>
        <ul className="ui-line-items">
          {cart.items.map((item) => (
            <li key={item.productId}>
              <span>{t("checkout.line", { quantity: item.quantity, name: item.name })}</span>
              <Price money={{ amountMinor: item.unitPriceMinor * item.quantity, currency: item.currency }} />
            </li>
          ))}
        </ul>
        <p className="ui-checkout-total">
          <span>{t("cart.total")}</span> <Price money={cart.total} />
        </p>
        <Link to="/cart">{t("checkout.editCart")}</Link>
      </Card>
      <PayerStep
        key={user?.id ?? "guest"}
        initial={initial}
        onCreated={(created) => {
          writeStoredCheckout(created);
          setStored(created);
        }}
      />
    </>
  );
}
