// Placeholder: the shopper pages step fills this in.
import { useParams } from "react-router";
import { ComingSoon } from "../components/coming-soon";

export function ProductPage() {
  const { slug = "" } = useParams();
  return <ComingSoon titleKey="page.product.title" detail={slug} />;
}
