import type { RouterOutputs } from "../../trpc";

type Product = RouterOutputs["catalog"]["get"];

/** How wide the picture is drawn, for the browser to pick from `srcset` (see .ui-product-grid / -detail). */
const CARD_SIZES = "(max-width: 40rem) calc(100vw - 2rem), (max-width: 64rem) 45vw, 18rem";
const LARGE_SIZES = "(max-width: 48rem) calc(100vw - 2rem), 28rem";

export interface ProductImageProps {
  product: Product;
  /** The product page's picture. */
  large?: boolean;
  /**
   * Load at once (the first row of the storefront, the product page): pictures above the fold must not wait for
   * layout. Others are `loading="lazy"`.
   */
  eager?: boolean;
}

/**
 * A product's picture at the width the layout needs (`srcset`/`sizes`), with its intrinsic size so the page does
 * not shift when it arrives, and its alt text in the shopper's language; a lettered placeholder when the product
 * has no picture (one added in the console without an image).
 */
export function ProductImage({ product, large = false, eager = false }: ProductImageProps) {
  const className = large ? "ui-product-image ui-product-image--large" : "ui-product-image";
  const image = product.image;
  if (image) {
    return (
      <img
        className={className}
        src={image.src}
        srcSet={image.srcSet || undefined}
        sizes={image.srcSet ? (large ? LARGE_SIZES : CARD_SIZES) : undefined}
        width={image.width}
        height={image.height}
        alt={image.alt}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={large ? "high" : undefined}
      />
    );
  }
  return (
    <div className={`${className} ui-product-image--placeholder`} aria-hidden="true">
      {product.name.trim().charAt(0).toUpperCase()}
    </div>
  );
}
