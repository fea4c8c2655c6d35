import type { RouterOutputs } from "../trpc";

type Product = RouterOutputs["catalog"]["get"];

/**
 * A product's picture, or a lettered placeholder when it has none. Decorative next to the product's name, so the
 * alt text is empty rather than a repeat of the name.
 */
export function ProductImage({ product, large = false }: { product: Product; large?: boolean }) {
  const className = large ? "ui-product-image ui-product-image--large" : "ui-product-image";
  if (product.imageUrl) {
    return <img className={className} src={product.imageUrl} alt="" loading="lazy" width={400} height={300} />;
  }
  return (
    <div className={`${className} ui-product-image--placeholder`} aria-hidden="true">
      {product.name.trim().charAt(0).toUpperCase()}
    </div>
  );
}
