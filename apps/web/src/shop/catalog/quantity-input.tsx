import { MAX_QUANTITY, MIN_QUANTITY } from "../cart/cart-state";

export interface QuantityInputProps {
  /** The input's id, for its label. */
  id: string;
  value: number;
  /** Gets each number typed; an emptied field is ignored (the caller keeps the last quantity). */
  onChange: (quantity: number) => void;
}

/** A number input for how many units, within the cart's limits. */
export function QuantityInput({ id, value, onChange }: QuantityInputProps) {
  return (
    <input
      id={id}
      className="ui-field__control ui-quantity"
      type="number"
      inputMode="numeric"
      min={MIN_QUANTITY}
      max={MAX_QUANTITY}
      step={1}
      value={value}
      onChange={(event) => {
        const quantity = event.currentTarget.valueAsNumber;
        if (!Number.isNaN(quantity)) onChange(quantity);
      }}
    />
  );
}
