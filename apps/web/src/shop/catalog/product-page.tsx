import { ErrorState, LoadingState, PageHeading, useDomId } from "@cobro/ui";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { useI18n } from "../../i18n/i18n-context";
import { useDocumentTitle } from "../../shared/components/use-document-title";
import { describeError } from "../../shared/errors/describe-error";
import { trpc } from "../../trpc";
import { clampQuantity, explainClamp, type QuantityClamp } from "../cart/cart-state";
import { clampMessage } from "../cart/clamp-message";
import { AddToCartButton } from "./add-to-cart-button";
import { Price } from "./price";
import { ProductImage } from "./product-image";
import { QuantityInput } from "./quantity-input";

/** `/products/:slug`: one product, with a quantity to add to the cart. */
export function ProductPage() {
  const { slug = "" } = useParams();
  const { t, language } = useI18n();
  // The language is part of the query: switching it fetches the texts in the new one (the last ones stay up meanwhile).
  const product = trpc.catalog.get.useQuery(
    { slug, language },
    { placeholderData: (previous) => (previous?.slug === slug ? previous : undefined) },
  );
  const [quantity, setQuantity] = useState(1);
  // Set when a typed quantity was out of range and changed, so the page can say so.
  const [typedClamp, setTypedClamp] = useState<QuantityClamp | null>(null);
  const quantityId = useDomId("quantity");
  useDocumentTitle(product.data?.name ?? t("page.product.title"));

  if (product.isPending) {
    return (
      <>
        <PageHeading title={t("page.product.title")} />
        <LoadingState label={t("product.loading")} />
      </>
    );
  }
  if (product.isError) {
    const described = describeError(product.error, { t, language });
    const missing = described.httpStatus === 404 || described.httpStatus === 400;
    return (
      <>
        <PageHeading title={t("page.product.title")} />
        <ErrorState
          title={missing ? t("product.notFound") : t("product.failed")}
          message={missing ? t("product.notFoundText") : described.message}
          onRetry={missing ? undefined : () => void product.refetch()}
          retryLabel={t("common.retry")}
          retrying={product.isFetching}
          retryingLabel={t("common.retrying")}
        />
        <p>
          <Link to="/">{t("common.backToStore")}</Link>
        </p>
      </>
    );
  }

  const item = product.data;
  return (
    <>
      <p className="ui-breadcrumb">
        <Link to="/">{t("product.back")}</Link>
      </p>
      <div className="ui-product-detail">
        <ProductImage product={item} large eager />
        <div className="ui-product-detail__body">
          <PageHeading title={item.name} />
          <p className="ui-product-detail__price">
            <Price money={item.price} />
          </p>
          <p>{item.description}</p>
          <div className="ui-field ui-field--inline">
            <label className="ui-field__label" htmlFor={quantityId}>
              {t("cart.quantity")}
            </label>
            <QuantityInput
              id={quantityId}
              value={quantity}
              onChange={(typed) => {
                setTypedClamp(explainClamp(typed));
                setQuantity(clampQuantity(typed));
              }}
            />
          </div>
          <p className="ui-cart-notice" role="status" aria-live="polite" data-testid="quantity-clamp-notice">
            {typedClamp ? clampMessage(t, item.name, typedClamp) : ""}
          </p>
          <AddToCartButton product={item} quantity={quantity} />
          <p>
            <Link to="/cart">{t("product.viewCart")}</Link>
          </p>
        </div>
      </div>
    </>
  );
}
