/** WAI-ARIA tabs: the tab a key moves to (arrows wrap around, Home and End), or undefined for other keys. */
export function tabAfterKey<T>(tabs: readonly T[], current: T, key: string): T | undefined {
  const index = tabs.indexOf(current);
  const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[key];
  return to === undefined ? undefined : tabs[(to + tabs.length) % tabs.length];
}
