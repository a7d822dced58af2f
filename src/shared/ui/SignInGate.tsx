/**
 * What a visitor sees on a page for signed-in shoppers (spec §2 Profile, §6):
 * 'sign in to access' and the sign-in button (the shopper hooks open the
 * modal for `[data-sign-in]`). A shopper sees the page's content.
 */
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $signedIn } from '../../backend/tokens.ts';
import { useHydrated } from './hydrated.ts';
import './tiles.css';

export default function SignInGate({
  message,
  login,
  children,
}: {
  message: string;
  login: string;
  children: ReactNode;
}) {
  const signedIn = useStore($signedIn);
  // The session lives in browser storage: render nothing until it has been read.
  const hydrated = useHydrated();
  if (!hydrated) return null;
  if (signedIn) return <>{children}</>;
  return (
    <div className="sign-in-gate" data-testid="sign-in-gate">
      <p>{message}</p>
      <button type="button" className="tile-add" data-sign-in data-testid="profile-sign-in">
        {login}
      </button>
    </div>
  );
}
