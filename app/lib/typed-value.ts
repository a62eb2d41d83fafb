import { type ChangeEvent, type RefObject, useLayoutEffect, useRef, useState } from "react";

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * What is in an uncontrolled field now, for what follows it on the page (a price breakdown, a
 * character count, the models of the chosen brand). The field keeps its own value (`defaultValue`),
 * so neither hydration nor a later render writes over what a person typed; this value starts as the
 * server rendered it, takes the field's value once the page is hydrated (on a slow phone people type
 * before the scripts have run), then follows every change.
 */
export function useTypedValue<T extends Field>(
  initial: string,
): { ref: RefObject<T | null>; value: string; onChange: (event: ChangeEvent<T>) => void } {
  const ref = useRef<T>(null);
  const [value, setValue] = useState(initial);
  useLayoutEffect(() => {
    if (ref.current) setValue(ref.current.value);
  }, []);
  return { ref, value, onChange: (event) => setValue(event.currentTarget.value) };
}
