import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { createQueryClient, createTrpcClient, trpc } from "./trpc";

export interface TrpcProviderProps {
  children: ReactNode;
  /** Injected in tests. */
  queryClient?: QueryClient;
}

/** Provides the tRPC client and the QueryClient to the app. */
export function TrpcProvider({ children, queryClient: givenQueryClient }: TrpcProviderProps) {
  const [queryClient] = useState(() => givenQueryClient ?? createQueryClient());
  const [trpcClient] = useState(() => createTrpcClient());
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
