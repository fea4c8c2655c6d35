import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import {
  addItem,
  type CartItem,
  type CartTotal,
  cartTotals,
  countUnits,
  explainAddClamp,
  explainClamp,
  parseStoredCart,
  type QuantityClamp,
  removeItem,
  serializeCart,
  setItemQuantity,
} from "./cart-state";

/** localStorage key of the cart. */
export const CART_STORAGE_KEY = "cobro.cart";

/** The last change the cart made to a quantity the shopper asked for (typed or added), for the cart to say so. */
export interface CartClampNotice extends QuantityClamp {
  productId: string;
  name: string;
}

export interface Cart {
  items: readonly CartItem[];
  /** Units in the cart. */
  count: number;
  /** Totals per currency (normally one). */
  totals: CartTotal[];
  /** The total when the cart has exactly one currency, else null. */
  total: CartTotal | null;
  /**
   * Adds a product; answers how its quantity was clamped (the line would pass the maximum), or null when it was
   * not.
   */
  add: (product: Omit<CartItem, "quantity">, quantity?: number) => QuantityClamp | null;
  setQuantity: (productId: string, quantity: number) => void;
  remove: (productId: string) => void;
  clear: () => void;
  /** The last clamped quantity, until the next change to the cart. */
  clampNotice: CartClampNotice | null;
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
  const [clampNotice, setClampNotice] = useState<CartClampNotice | null>(null);

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
      add: (product, quantity) => {
        const clamp = explainAddClamp(items, product.productId, quantity);
        setClampNotice(clamp ? { ...clamp, productId: product.productId, name: product.name } : null);
        setItems((current) => addItem(current, product, quantity));
        return clamp;
      },
      setQuantity: (productId, quantity) => {
        const clamp = explainClamp(quantity);
        const name = items.find((item) => item.productId === productId)?.name ?? "";
        setClampNotice(clamp ? { ...clamp, productId, name } : null);
        setItems((current) => setItemQuantity(current, productId, quantity));
      },
      remove: (productId) => {
        setClampNotice(null);
        setItems((current) => removeItem(current, productId));
      },
      clear: () => {
        setClampNotice(null);
        setItems(() => []);
      },
      clampNotice,
    };
  }, [items, clampNotice]);

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

/** The cart. Throws outside `CartProvider`. */
export function useCart(): Cart {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart must be used inside <CartProvider>");
  return value;
}
