/** Toasts: the short messages that tell the shopper what happened. */
export { listenForFailures } from './ui/failures.ts';
export { listenForToasts } from './ui/listen.ts';
