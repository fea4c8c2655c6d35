export { CART_STORAGE_KEY, type Cart, CartProvider, type CartProviderProps, useCart } from "./cart-context";
export {
  addItem,
  type CartItem,
  type CartTotal,
  cartTotals,
  clampQuantity,
  countUnits,
  lineTotalMinor,
  MAX_CART_LINES,
  MAX_QUANTITY,
  MIN_QUANTITY,
  parseStoredCart,
  removeItem,
  serializeCart,
  setItemQuantity,
  toCheckoutItems,
} from "./cart-state";
