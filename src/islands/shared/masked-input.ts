/**
 * The value a masked input (phone, code) holds after an edit. React put a
 * controlled input back to its state on every change; Preact, which runs the
 * islands, re-renders only when the state changes, so a refused character
 * (a letter, a digit past the limit) would stay in the field. The field is
 * set to the masked value here, whatever the state does.
 */
export function masked(input: HTMLInputElement, mask: (typed: string) => string): string {
  const value = mask(input.value);
  if (input.value !== value) input.value = value;
  return value;
}
