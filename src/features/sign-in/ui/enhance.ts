/**
 * The header's login/account link (`[data-auth-link]`, label in
 * `[data-auth-label]`): 'Kirish' for visitors, opening the sign-in modal
 * (loaded on first use), the account label when signed in (a plain link to
 * /{lang}/profile). Also shows the messages kept across the sign-in reload,
 * and the profile menu's log out or log in (`[data-session-shows]`).
 */
import { flushPendingToasts, notify } from '../../../shared/notify.ts';
import { $signInAgain } from '../../../backend/session-expiry.ts';
import { $signedIn } from '../../../backend/tokens.ts';

/** Open the sign-in modal; its code (and the phone library) loads on first use. */
async function openSignIn(): Promise<void> {
  const { openSignInDialog } = await import('./SignInDialog.tsx');
  await openSignInDialog();
}

let started = false;

export function enhanceAuth(): void {
  if (started) return;
  started = true;
  // The page is built with the visitor's label and carries the shopper's one beside it.
  $signedIn.subscribe((signedIn) => {
    for (const link of document.querySelectorAll<HTMLElement>('[data-auth-link]'))
      link.dataset['signedIn'] = String(signedIn);
    for (const entry of document.querySelectorAll<HTMLElement>('[data-session-shows]'))
      entry.hidden = entry.dataset['sessionShows'] !== (signedIn ? 'shopper' : 'visitor');
    if (!signedIn) return;
    for (const label of document.querySelectorAll<HTMLElement>('[data-auth-label]'))
      label.textContent = label.dataset['accountLabel'] ?? label.textContent;
  });
  document.addEventListener('click', (event) => {
    const signOutButton = (event.target as Element | null)?.closest?.<HTMLButtonElement>('[data-sign-out]');
    if (signOutButton) {
      // Disabled until the server has revoked the session and the page reloads.
      signOutButton.disabled = true;
      void import('../state/session.ts').then(({ signOut }) => signOut());
      return;
    }
    const link = (event.target as Element | null)?.closest?.<HTMLElement>('[data-auth-link], [data-sign-in]');
    if (
      !link ||
      $signedIn.get() ||
      event.defaultPrevented ||
      (event as MouseEvent).ctrlKey ||
      (event as MouseEvent).metaKey
    )
      return;
    event.preventDefault();
    void openSignIn();
  });
  // A backend without token refresh ended the session: say so and offer the sign-in at once.
  $signInAgain.subscribe((again) => {
    if (!again) return;
    notify('error', 'isl.toast.signInAgain');
    void openSignIn();
  });
  flushPendingToasts();
}
