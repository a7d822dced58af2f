/** localStorage when the page may use it (not at build time, not when blocked by the browser). */
export const browserStorage = (): Storage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
};
