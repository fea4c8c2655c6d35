// Placeholder: the shopper pages step fills this in.
import { useParams } from "react-router";
import { ComingSoon } from "../components/coming-soon";

export function PlanPage() {
  const { id = "" } = useParams();
  return <ComingSoon titleKey="page.plan.title" detail={id} />;
}
