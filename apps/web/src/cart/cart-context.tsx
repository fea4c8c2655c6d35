import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import {
  addItem,
  type CartItem,
  type CartTotal,
  cartTotals,
  countUnits,
  parseStoredCart,
  removeItem,
  serializeCart,
  setItemQuantity,
} from "./cart-state";

/** localStorage key of the cart. */
export const CART_STORAGE_KEY = "cobro.cart";

export interface Cart {
  items: readonly CartItem[];
  /** Units in the cart. */
  count: number;
  /** Totals per currency (normally one). */
  totals: CartTotal[];
  /** The total when the cart has exactly one currency, else null. */
  total: CartTotal | null;
  add: (product: Omit<CartItem, "quantity">, quantity?: number) => void;
  setQuantity: (productId: string, quantity: number) => void;
  remove: (productId: string) => void;
  clear: () => void;
}

const CartContext = createContext<Cart | null>(null);

function readStorage(): readonly CartItem[] {
  try {
    return typeof localStorage === "undefined" ? [] : parseStoredCart(localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    return [];
  }
}

function writeStorage(items: readonly CartItem[]): void {
  try {
    if (items.length === 0) localStorage.removeItem(CART_STORAGE_KEY);
    else localStorage.setItem(CART_STORAGE_KEY, serializeCart(items));
  } catch {
    // Storage full or blocked: the cart still works for this visit.
  }
}

export interface CartProviderProps {
  /** Starting items (tests); otherwise read from localStorage. */
  initialItems?: readonly CartItem[];
  children: ReactNode;
}

/**
 * Holds the cart and keeps it in localStorage, so it survives reloads, and in step across tabs (the `storage`
 * event), so a purchase in one tab empties the cart in the others.
 */
export function CartProvider({ initialItems, children }: CartProviderProps) {
  const [items, setItems] = useState<readonly CartItem[]>(() => initialItems ?? readStorage());

  // Writing an unchanged value fires no `storage` event, so tabs do not echo each other.
  useEffect(() => {
    writeStorage(items);
  }, [items]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY || event.key === null) setItems(parseStoredCart(event.newValue));
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const value = useMemo<Cart>(() => {
    const totals = cartTotals(items);
    return {
      items,
      count: countUnits(items),
      totals,
      total: totals.length === 1 ? (totals[0] ?? null) : null,
      add: (product, quantity) => setItems((current) => addItem(current, product, quantity)),
      setQuantity: (productId, quantity) => setItems((current) => setItemQuantity(current, productId, quantity)),
      remove: (productId) => setItems((current) => removeItem(current, productId)),
      clear: () => setItems(() => []),
    };
  }, [items]);

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

/** The cart. Throws outside `CartProvider`. */
export function useCart(): Cart {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart must be used inside <CartProvider>");
  return value;
}
