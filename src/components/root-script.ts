/** The bare root: a shopper whose cached language (i18nextLng) is Russian goes to /ru. */
export function rootLanguageRedirect(): void {
  let cached: string | null = null;
  try {
    cached = localStorage.getItem('i18nextLng');
  } catch {
    return;
  }
  if (cached === 'ru' && location.pathname === '/') location.replace(`/ru${location.search}${location.hash}`);
}
