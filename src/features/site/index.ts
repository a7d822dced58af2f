/** The site's frame: the header's category menu and the footer's dialogs, with the fragments they load. */
export { loadSiteFragment } from './state/site-fragments.ts';
/** The header's category menu, enhanced on the first hover or tap. */
export const categoryDropdown = () => import('./ui/category-dropdown.ts');
/** The footer's dialogs (contacts, QR codes), enhanced when one is opened. */
export const footerDialogs = () => import('./ui/dialogs.ts');
