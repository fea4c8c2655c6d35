import { PAGE_ROUTES } from "@cobro/contracts";
import { LoadingState } from "@cobro/ui";
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from "react";
import { Route, Routes, useLocation } from "react-router";
import { useI18n } from "./i18n/i18n-context";
import { AppErrorBoundary } from "./shared/components/app-error-boundary";
import { AppLayout } from "./shared/components/app-layout";
import { ErrorStatusPage, errorStatusTitle } from "./shared/components/error-status-page";

/**
 * A page loaded on first visit to its route (its own chunk), so a shopper
 * downloads only the pages they open: never the admin area, and for the
 * checkout only what the checkout needs (size-limit guards it, .size-limit.json).
 */
function lazyPage(load: () => Promise<ComponentType>) {
  return lazy(async () => ({ default: await load() }));
}

const StorefrontPage = lazyPage(() => import("./shop/catalog/storefront-page").then((m) => m.StorefrontPage));
const ProductPage = lazyPage(() => import("./shop/catalog/product-page").then((m) => m.ProductPage));
const CartPage = lazyPage(() => import("./shop/cart/cart-page").then((m) => m.CartPage));
const CheckoutPage = lazyPage(() => import("./shop/checkout/checkout-page").then((m) => m.CheckoutPage));
const CheckoutResultPage = lazyPage(() =>
  import("./shop/checkout/checkout-result-page").then((m) => m.CheckoutResultPage),
);
const LinkThanksPage = lazyPage(() => import("./shop/checkout/link-thanks-page").then((m) => m.LinkThanksPage));
const PlansPage = lazyPage(() => import("./shop/plans/plans-page").then((m) => m.PlansPage));
const PlanPage = lazyPage(() => import("./shop/plans/plan-page").then((m) => m.PlanPage));
const AccountPage = lazyPage(() => import("./shop/shopper-account/account-page").then((m) => m.AccountPage));
const LoginPage = lazyPage(() => import("./shop/auth/login-page").then((m) => m.LoginPage));
const SignupPage = lazyPage(() => import("./shop/auth/signup-page").then((m) => m.SignupPage));
const CheckEmailPage = lazyPage(() => import("./shop/auth/check-email-page").then((m) => m.CheckEmailPage));
const VerifyEmailPage = lazyPage(() => import("./shop/auth/verify-email-page").then((m) => m.VerifyEmailPage));
const ForgotPasswordPage = lazyPage(() => import("./shop/auth/forgot-password-page").then((m) => m.ForgotPasswordPage));
const ResetPasswordPage = lazyPage(() => import("./shop/auth/reset-password-page").then((m) => m.ResetPasswordPage));
const AcceptInvitationPage = lazyPage(() =>
  import("./shop/auth/accept-invitation-page").then((m) => m.AcceptInvitationPage),
);
// Everything under /admin lives behind this import: shoppers never download it.
const AdminPage = lazyPage(() => import("./admin/admin-page").then((m) => m.AdminPage));

/** A route's page with its own loading state while its chunk arrives. */
function RoutePage({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  return <Suspense fallback={<LoadingState label={t("common.loading")} />}>{children}</Suspense>;
}

/**
 * Every page of the app, from the route table the server shares
 * (@cobro/contracts PAGE_ROUTES): the server answers a path none of them
 * matches with a 404, and this router draws the same 404 page for it.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path={PAGE_ROUTES.storefront.path}
        element={
          <RoutePage>
            <StorefrontPage />
          </RoutePage>
        }
      />
      <Route
        path={PAGE_ROUTES.product.path}
        element={
          <RoutePage>
            <ProductPage />
          </RoutePage>
        }
      />
      <Route
        path={PAGE_ROUTES.cart.path}
        element={
          <RoutePage>
            <CartPage />
          </RoutePage>
        }
      />
      <Route
        path={PAGE_ROUTES.checkout.path}
        element={
          <RoutePage>
            <CheckoutPage />
          </RoutePage>
        }
      />
      <Route
        path={PAGE_ROUTES.checkoutResult.path}
        element={
          <RoutePage>
            <CheckoutResultPage />
          </RoutePage>
        }
      />
      <Route
        path={PAGE_ROUTES.linkThanks.path}
        element={
          <RoutePage>
            <LinkThanksPage />
          </RoutePage>
        }
      />
      <Route
        path={PAGE_ROUTES.plans.path}
        element={
          <RoutePage>
            <PlansPage />
          </RoutePage>
        }
      />
      <Route
        path={PAGE_ROUTES.plan.path}
        element={
          <RoutePage>
            <PlanPage />
          </RoutePage>
        }
      />
      <Route
        path={PAGE_ROUTES.account.path}
        element={
          <RoutePage>
            <AccountPage />
          </RoutePage>
        }
      />
      <Route
        path={PAGE_ROUTES.login.path}
        element={
          <RoutePage>
            <LoginPage />
          </RoutePage>
        }
      />
      <Route
        path={PAGE_ROUTES.signup.path}
        element={
          <RoutePage>
            <SignupPage />
          </RoutePage>
        }
      />
      <Route
        path={PAGE_ROUTES.checkEmail.path}
        element={
          <RoutePage>
            <CheckEmailPage />
          </RoutePage>
        }
      />
      <Route
        path={PAGE_ROUTES.verifyEmail.path}
        element={
          <RoutePage>
            <VerifyEmailPage />
          </RoutePage>
        }
      />
      <Route
        path={PAGE_ROUTES.forgotPassword.path}
        element={
          <RoutePage>
            <ForgotPasswordPage />
          </RoutePage>
        }
      />
      <Route
        path={PAGE_ROUTES.resetPassword.path}
        element={
          <RoutePage>
            <ResetPasswordPage />
          </RoutePage>
        }
      />
      <Route
        path={PAGE_ROUTES.acceptInvitation.path}
        element={
          <RoutePage>
            <AcceptInvitationPage />
          </RoutePage>
        }
      />
      <Route
        path={PAGE_ROUTES.admin.path}
        element={
          <RoutePage>
            <AdminPage />
          </RoutePage>
        }
      />
      <Route path="*" element={<ErrorStatusPage status={404} />} />
    </Routes>
  );
}

export interface AppProps {
  /**
   * The error the server answered this document with (main.tsx reads it from
   * the `cobro-error-status` meta tag): its error page is drawn instead of the
   * route's page until the shopper navigates elsewhere.
   */
  serverErrorStatus?: number | null;
}

/** Whether `pathname` is the admin console's (`/admin` and below). */
export function isConsolePath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/** The app inside its providers (see main.tsx): layout, error boundary and routes. */
export function App({ serverErrorStatus = null }: AppProps) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  // The path the server's answer was for; coming back to it (history) shows the error again.
  const [errorPath] = useState(pathname);
  const errorStatus = serverErrorStatus !== null && pathname === errorPath ? serverErrorStatus : null;
  const page = (
    <AppErrorBoundary
      title={errorStatusTitle(t, 500)}
      help={t("page.error.help")}
      homeLabel={t("common.goHome")}
      resetKey={pathname}
    >
      {errorStatus === null ? <AppRoutes /> : <ErrorStatusPage status={errorStatus} />}
    </AppErrorBoundary>
  );
  // The console draws its own frame (admin/components/admin-shell.tsx): no shop header or cart around it.
  return errorStatus === null && isConsolePath(pathname) ? page : <AppLayout>{page}</AppLayout>;
}
