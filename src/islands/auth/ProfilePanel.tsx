/** /{lang}/profile for this issue: a visitor sees 'sign in to access' and the sign-in button; a shopper can log out. */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Lang } from '#contract/schemas.ts';
import { setLanguage } from '../../stores/language.ts';
import { makeT, type Labels } from '../../i18n/messages.ts';
import { $signedIn } from '../../stores/session-tokens.ts';
import { openSignIn } from './enhance.ts';
import '../shared/tiles.css';

export default function ProfilePanel({ lang, labels }: { lang: Lang; labels: Labels }) {
  setLanguage(lang);
  const t = makeT(labels);
  const signedIn = useStore($signedIn);
  const [mounted, setMounted] = useState(false);
  // Signing out waits for the server to revoke the session, then reloads: the panel keeps its button until then.
  const [signingOut, setSigningOut] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <section data-testid="profile-panel">
      {signedIn || signingOut ? (
        <button
          type="button"
          className="tile-add"
          disabled={signingOut}
          onClick={async () => {
            setSigningOut(true);
            const { signOut } = await import('../../stores/session.ts');
            await signOut();
          }}
        >
          {t('isl.auth.logout')}
        </button>
      ) : (
        <>
          <p>{t('isl.auth.sign_in_to_access')}</p>
          <button type="button" className="tile-add" onClick={() => void openSignIn()} data-testid="profile-sign-in">
            {t('isl.auth.login')}
          </button>
        </>
      )}
    </section>
  );
}
