import { Alert, Button, ConfirmDialog, EmptyState, PageHeading, useDomId } from "@cobro/ui";
import { useState } from "react";
import { Link } from "react-router";
import { useI18n } from "../../i18n/i18n-context";
import { useDocumentTitle } from "../../shared/components/use-document-title";
import { useCart } from "../cart/cart-context";
import { type CartItem, lineTotalMinor } from "../cart/cart-state";
import { clampMessage } from "../cart/clamp-message";
import { Price } from "../catalog/price";
import { QuantityInput } from "../catalog/quantity-input";

function LineQuantity({ item }: { item: CartItem }) {
  const { t } = useI18n();
  const cart = useCart();
  const id = useDomId("quantity");
  return (
    <>
      <label className="ui-visually-hidden" htmlFor={id}>
        {t("cart.quantityOf", { name: item.name })}
      </label>
      <QuantityInput
        id={id}
        value={item.quantity}
        onChange={(quantity) => cart.setQuantity(item.productId, quantity)}
      />
    </>
  );
}

/** The cart: lines with quantities, the total, and the way to checkout. Needs no server data. */
export function CartPage() {
  const { t, tPlural } = useI18n();
  const cart = useCart();
  const [confirmClear, setConfirmClear] = useState(false);
  useDocumentTitle(t("page.cart.title"));

  if (cart.items.length === 0) {
    return (
      <>
        <PageHeading title={t("page.cart.title")} />
        <EmptyState
          title={t("cart.empty.title")}
          description={t("cart.empty.text")}
          action={<Link to="/">{t("common.backToStore")}</Link>}
        />
      </>
    );
  }

  return (
    <>
      <PageHeading
        title={t("page.cart.title")}
        description={tPlural({ one: "cart.itemCount.one", other: "cart.itemCount.other" }, cart.count)}
      />
      {cart.total === null ? <Alert tone="warning">{t("cart.mixedCurrencies")}</Alert> : null}
      {/* Always in the page, so a screen reader announces the message when it appears (polite, after typing). */}
      <p className="ui-cart-notice" role="status" aria-live="polite" data-testid="cart-clamp-notice">
        {cart.clampNotice ? clampMessage(t, cart.clampNotice.name, cart.clampNotice) : ""}
      </p>
      <div className="ui-table-wrap">
        <table className="ui-table">
          <thead>
            <tr>
              <th scope="col">{t("cart.product")}</th>
              <th scope="col">{t("cart.unitPrice")}</th>
              <th scope="col">{t("cart.quantity")}</th>
              <th scope="col">{t("cart.lineTotal")}</th>
              <th scope="col">
                <span className="ui-visually-hidden">{t("common.remove")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {cart.items.map((item) => (
              <tr key={item.productId}>
                <th scope="row" data-label={t("cart.product")}>
                  <Link to={`/products/${encodeURIComponent(item.slug)}`}>{item.name}</Link>
                </th>
                <td data-label={t("cart.unitPrice")}>
                  <Price money={{ amountMinor: item.unitPriceMinor, currency: item.currency }} />
                </td>
                <td data-label={t("cart.quantity")}>
                  <LineQuantity item={item} />
                </td>
                <td data-label={t("cart.lineTotal")}>
                  <Price money={{ amountMinor: lineTotalMinor(item), currency: item.currency }} />
                </td>
                <td>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t("cart.removeItem", { name: item.name })}
                    onClick={() => cart.remove(item.productId)}
                  >
                    {t("common.remove")}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="ui-cart-summary">
        {cart.totals.map((total) => (
          <p key={total.currency} className="ui-cart-summary__total">
            <span>{t("cart.total")}</span> <Price money={total} />
          </p>
        ))}
        <div className="ui-cart-summary__actions">
          <Button variant="secondary" onClick={() => setConfirmClear(true)}>
            {t("cart.clear")}
          </Button>
          {cart.total !== null ? (
            <Link className="ui-button ui-button--primary" to="/checkout">
              {t("cart.checkout")}
            </Link>
          ) : null}
        </div>
      </div>
      <ConfirmDialog
        open={confirmClear}
        title={t("cart.clearConfirm.title")}
        confirmLabel={t("cart.clearConfirm.confirm")}
        cancelLabel={t("cart.clearConfirm.cancel")}
        onConfirm={() => {
          cart.clear();
          setConfirmClear(false);
        }}
        onCancel={() => setConfirmClear(false)}
      >
        <p>{t("cart.clearConfirm.text")}</p>
      </ConfirmDialog>
    </>
  );
}
