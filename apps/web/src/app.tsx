import { Route, Routes, useLocation } from "react-router";
import { AppErrorBoundary } from "./components/app-error-boundary";
import { AppLayout } from "./components/app-layout";
import { useI18n } from "./i18n/i18n-context";
import { AccountPage } from "./pages/account-page";
import { AdminPage } from "./pages/admin-page";
import { CartPage } from "./pages/cart-page";
import { CheckoutPage } from "./pages/checkout-page";
import { CheckoutResultPage } from "./pages/checkout-result-page";
import { LoginPage } from "./pages/login-page";
import { NotFoundPage } from "./pages/not-found-page";
import { PlanPage } from "./pages/plan-page";
import { PlansPage } from "./pages/plans-page";
import { ProductPage } from "./pages/product-page";
import { SignupPage } from "./pages/signup-page";
import { StorefrontPage } from "./pages/storefront-page";

/** Every path of the app. The server answers any other GET with index.html, so unknown paths land on NotFoundPage. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<StorefrontPage />} />
      <Route path="/products/:slug" element={<ProductPage />} />
      <Route path="/cart" element={<CartPage />} />
      <Route path="/checkout" element={<CheckoutPage />} />
      <Route path="/checkout/result" element={<CheckoutResultPage />} />
      <Route path="/plans" element={<PlansPage />} />
      <Route path="/plans/:id" element={<PlanPage />} />
      <Route path="/account" element={<AccountPage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/signup" element={<SignupPage />} />
      <Route path="/admin/*" element={<AdminPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/** The app inside its providers (see main.tsx): layout, error boundary and routes. */
export function App() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  return (
    <AppLayout>
      <AppErrorBoundary help={t("page.error.help")} homeLabel={t("common.goHome")} resetKey={pathname}>
        <AppRoutes />
      </AppErrorBoundary>
    </AppLayout>
  );
}
