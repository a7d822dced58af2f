/** Sign-in: the phone and code dialog, the session and signing out. */
export { enhanceAuth } from './ui/enhance.ts';
