/** Reviews: a product's comments page, the shopper's own reviews and writing one. */
export { showCommentsShell } from './ui/comments-shell.ts';
/** The comments of a product built after this release, drawn on its not-found page. */
export const lateComments = () => import('./ui/late-comments.tsx');
