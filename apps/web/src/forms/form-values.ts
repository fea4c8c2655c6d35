import { useState } from "react";

/** Text inputs' change events, of any element. */
type ChangeEvent = { currentTarget: { value: string } };

/**
 * A form's text values in state, with `set(field)` giving each input its `onChange`.
 *
 * @example
 * const { values, set } = useFormValues({ email: "", password: "" });
 * <TextField value={values.email} onChange={set("email")} />
 */
export function useFormValues<Values extends Record<keyof Values, string>>(initial: Values) {
  const [values, setValues] = useState<Values>(initial);
  const set = (field: keyof Values) => (event: ChangeEvent) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };
  return { values, setValues, set };
}
