import { isStaffRole } from "@cobro/contracts";
import { Button, MAIN_CONTENT_ID, PageLayout } from "@cobro/ui";
import { hashKey, useQueryClient } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import { type ReactNode, useEffect, useRef } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { useI18n } from "../../i18n/i18n-context";
import { LanguageSwitcher } from "../../i18n/language-switcher";
import { useCart } from "../../shop/cart/cart-context";
import { type RouterOutputs, trpc } from "../../trpc";
import { useBrandColor, useStoreIdentity } from "./store-identity";

/** Who is signed in, from `auth.me` (public, so no 401 for visitors). */
export function useCurrentUser() {
  const me = trpc.auth.me.useQuery(undefined, { staleTime: 60_000 });
  // After a failed attempt, show the visitor as signed out rather than hide the sign-in link while retrying.
  return { user: me.data?.user ?? null, loading: me.isPending && me.failureCount === 0 };
}

/**
 * Who is signed in now (after signing in, or following a verification link): whatever was cached belonged to the
 * visitor before, so it goes, but the `auth.me` query itself stays and is set, so the header (its observer) follows
 * at once. Clearing the whole cache would leave the header's observer on a query no longer in the cache, still
 * offering "Sign in" until something else re-rendered it.
 */
export function useSetSignedInUser(): (user: RouterOutputs["auth"]["me"]["user"]) => void {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  return (user) => {
    const meHash = hashKey(getQueryKey(trpc.auth.me, undefined, "query"));
    queryClient.removeQueries({ predicate: (query) => query.queryHash !== meHash });
    utils.auth.me.setData(undefined, { user });
  };
}

/** Signs out and goes to the store's front page; the shop's header and the console's both carry it. */
export function SignOutButton() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const signOut = trpc.auth.signOut.useMutation({
    onSuccess: async () => {
      // Nothing of the previous account may stay in memory.
      queryClient.clear();
      utils.auth.me.setData(undefined, { user: null });
      await navigate("/");
    },
  });
  return (
    <Button
      variant="ghost"
      size="sm"
      busy={signOut.isPending}
      busyLabel={t("nav.signingOut")}
      onClick={() => signOut.mutate()}
    >
      {t("nav.signOut")}
    </Button>
  );
}

/** Moves focus to `<main>` after client-side navigation, so screen readers start at the new page's content. */
export function useFocusMainOnNavigation(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo(0, 0);
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [pathname]);
}

/** The frame of every page: header with navigation, language switcher and cart, then the page. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const cart = useCart();
  const { user, loading } = useCurrentUser();
  const store = useStoreIdentity();
  useBrandColor(store.brandColor);
  useFocusMainOnNavigation();

  const nav = (
    <ul>
      <li>
        <NavLink to="/" end>
          {t("nav.store")}
        </NavLink>
      </li>
      <li>
        <NavLink to="/plans">{t("nav.plans")}</NavLink>
      </li>
      {user ? (
        <li>
          <NavLink to="/account">{t("nav.account")}</NavLink>
        </li>
      ) : null}
      {/* Every staff role has the console (a viewer reads it), so every staff role sees its link. */}
      {user && isStaffRole(user.role) ? (
        <li>
          <NavLink to="/admin">{t("nav.admin")}</NavLink>
        </li>
      ) : null}
      {user ? (
        <li>
          <SignOutButton />
        </li>
      ) : loading ? null : (
        <li>
          <NavLink to="/login">{t("nav.signIn")}</NavLink>
        </li>
      )}
    </ul>
  );

  const tools = (
    <>
      <LanguageSwitcher />
      <Link className="ui-cart-link" to="/cart">
        {cart.count > 0 ? t("nav.cartCount", { count: cart.count }) : t("nav.cart")}
      </Link>
    </>
  );

  return (
    <PageLayout
      brand={
        <Link to="/" className="ui-brand-link">
          {/* The name is the link's text; the logo beside it is decoration (empty alt). */}
          {store.logoUrl ? <img className="ui-brand-logo" src={store.logoUrl} alt="" height={32} /> : null}
          <span>{store.name}</span>
        </Link>
      }
      navLabel={t("nav.label")}
      nav={nav}
      tools={tools}
      skipLinkLabel={t("layout.skipToContent")}
      footer={<p>{t("app.footer")}</p>}
    >
      {children}
    </PageLayout>
  );
}
