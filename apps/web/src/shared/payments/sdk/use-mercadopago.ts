// The provider's browser SDK, started with the store's public key: loads the
// script named by the public config once; each card form makes its own
// `MercadoPago` instance (`create()`), since an instance's secure fields talk
// only among themselves (one field of each type per instance). States:
// loading, ready, or failed (with a retry).
import { useCallback, useEffect, useState } from "react";
import { useI18n } from "../../../i18n/i18n-context";
import type { Language } from "../../../i18n/locale";
import { trpc } from "../../../trpc";
import { loadMercadoPagoSdk } from "./load-sdk";
import type { MercadoPagoInstance } from "./mercadopago-types";

/** The SDK's locale for the shopper's language (docs: es-AR, pt-BR, en-US, …). */
const SDK_LOCALE: Readonly<Record<Language, string>> = { en: "en-US", es: "es-AR", pt: "pt-BR" };

export type MercadoPagoState =
  | { status: "loading" }
  | { status: "ready"; create: () => MercadoPagoInstance; providerMode: "sandbox" | "live" }
  | { status: "failed"; retry: () => void };

/**
 * `publicKey` overrides the store's own (a checkout charged on a connected seller's account: its card token must be
 * made with that seller's key).
 */
export function useMercadoPago(publicKey?: string): MercadoPagoState {
  const { language } = useI18n();
  const config = trpc.system.publicConfig.useQuery(undefined, { staleTime: 10 * 60_000 });
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<
    { status: "loading" } | { status: "ready"; create: () => MercadoPagoInstance } | { status: "failed" }
  >({ status: "loading" });
  const data = config.data;

  useEffect(() => {
    if (!data) return;
    let active = true;
    setState({ status: "loading" });
    void attempt;
    loadMercadoPagoSdk(data.sdkUrl).then(
      (MercadoPago) => {
        if (!active) return;
        setState({
          status: "ready",
          create: () => new MercadoPago(publicKey ?? data.publicKey, { locale: SDK_LOCALE[language] }),
        });
      },
      () => {
        if (active) setState({ status: "failed" });
      },
    );
    return () => {
      active = false;
    };
  }, [data, language, attempt, publicKey]);

  const retry = useCallback(() => {
    if (config.isError) void config.refetch();
    setAttempt((count) => count + 1);
  }, [config]);

  if (config.isError || state.status === "failed") return { status: "failed", retry };
  if (state.status === "ready" && data) {
    return { status: "ready", create: state.create, providerMode: data.providerMode };
  }
  return { status: "loading" };
}
