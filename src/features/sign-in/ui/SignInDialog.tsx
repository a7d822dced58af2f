/**
 * The sign-in modal (spec §2, §4, §5, §8), loaded on first use. Step 'Kirish':
 * the phone, Uzbek mask (..) ...-..-.. after +998, other countries formatted
 * by libphonenumber-js with the country guessed from the first 6 digits
 * (250 ms debounce) and refused ('Iltimos, telefon raqamingizni toʻliq
 * kiriting'). Step 'Kodni kiriting': 4 characters, upper-cased, verified at
 * the 4th; resend only when the countdown is 0. A native modal <dialog>:
 * focus moves in and stays in, Escape closes.
 */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { createRoot } from 'react-dom/client';
import {
  CODE_LENGTH,
  COUNTRY_GUESS_DEBOUNCE_MS,
  cleanCode,
  formatCountdown,
  formatPhone,
  guessCountry,
  isCompleteUzPhone,
} from '../rules/phone.ts';
import { $lang } from '../../../i18n/language.ts';
import labels from 'virtual:labels/auth';
import { makeT, type LabelKey, type Translate } from '../../../i18n/messages.ts';
import { $pendingSignIn, requestCode, resendCode, verifyCode } from '../state/session.ts';
import ModalDialog from '../../../shared/ui/ModalDialog.tsx';
import { loadStylesheets } from '../../../shared/ui/stylesheet.ts';
import modalCss from '../../../shared/ui/modal.css?url';
import signInCss from './sign-in.css?url';

await loadStylesheets(modalCss, signInCss);

const $open = atom(false);
let mounted = false;

export async function openSignInDialog(): Promise<void> {
  if (!mounted) {
    mounted = true;
    const host = document.createElement('div');
    host.id = 'sign-in-root';
    document.body.append(host);
    createRoot(host).render(<SignInDialog t={makeT(labels[$lang.get()])} />);
  }
  $open.set(true);
}

function SignInDialog({ t }: { t: T }) {
  const open = useStore($open);
  const pending = useStore($pendingSignIn);
  const [step, setStep] = useState<'phone' | 'code'>('phone');
  const titleId = useId();

  // The browser would focus the first control (close); the phone field (`data-autofocus`) is where typing starts.
  const close = () => $open.set(false);

  return (
    <ModalDialog
      open={open}
      className="modal sign-in"
      aria-labelledby={titleId}
      close={close}
      data-testid="sign-in-dialog"
    >
      <div className="sign-in-body">
        <button type="button" className="sign-in-close" onClick={close} aria-label={t('isl.auth.close')}>
          ×
        </button>
        <h2 id={titleId}>{step === 'phone' ? t('isl.auth.title_phone') : t('isl.auth.title_code')}</h2>
        {open && step === 'phone' && <PhoneStep t={t} onSent={() => setStep('code')} />}
        {open && step === 'code' && pending && (
          <CodeStep t={t} phone={pending.phone} resendAt={pending.resendAt} onBack={() => setStep('phone')} />
        )}
      </div>
    </ModalDialog>
  );
}

type T = Translate<LabelKey<'auth'>>;

function PhoneStep({ t, onSent }: { t: T; onSent: () => void }) {
  const [value, setValue] = useState('+998 ');
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [country, setCountry] = useState<string | undefined>('UZ');
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  // Guess the country from the first 6 digits, 250 ms after typing stops.
  useEffect(() => {
    const timer = setTimeout(() => setCountry(guessCountry(value)), COUNTRY_GUESS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isCompleteUzPhone(value)) {
      setError(true);
      return;
    }
    setBusy(true);
    const result = await requestCode(value);
    setBusy(false);
    if (result.ok) onSent();
    else setError(result.reason === 'invalid');
  };

  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor={inputId}>{t('isl.auth.phone')}</label>
      <input
        id={inputId}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        data-autofocus
        value={value}
        aria-invalid={error}
        aria-describedby={`${hintId} ${error ? errorId : ''}`.trim()}
        onChange={(event) => {
          setValue(formatPhone(event.target.value) || '+');
          setError(false);
        }}
        data-testid="phone-input"
      />
      <p id={hintId} className="hint">
        {t('isl.auth.phone_hint')}
        {country && country !== 'UZ' ? ` · ${t('isl.auth.country', { country })}` : ''}
      </p>
      <span hidden data-testid="phone-country">
        {country ?? ''}
      </span>
      {error && (
        <p id={errorId} className="error" role="alert">
          {t('isl.auth.phone_incomplete')}
        </p>
      )}
      <button type="submit" className="primary" disabled={busy}>
        {busy ? t('isl.auth.wait') : t('isl.auth.get_code')}
      </button>
    </form>
  );
}

function CodeStep({ t, phone, resendAt, onBack }: { t: T; phone: string; resendAt: number; onBack: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const left = Math.max(0, Math.ceil((resendAt - now) / 1000));

  useEffect(() => {
    input.current?.focus();
  }, []);
  // The clock ticks while a countdown runs; a new one (a resend, or the server's retry_after after a 429) reads the
  // clock at once.
  const counting = left > 0;
  useEffect(() => {
    if (!counting) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [counting, resendAt]);

  const verify = async (value: string) => {
    setBusy(true);
    const result = await verifyCode(value);
    setBusy(false);
    if (!result.ok) setError(true);
  };

  return (
    <div>
      <p>{t('isl.auth.code_sent_to', { phone: formatPhone(phone) })}</p>
      <label htmlFor={inputId}>{t('isl.auth.code')}</label>
      <input
        ref={input}
        id={inputId}
        name="code"
        // Codes to a browser signing in are letters and digits (it holds no device token then): the text keyboard,
        // the field upper-cases them.
        inputMode="text"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        maxLength={CODE_LENGTH}
        value={code}
        readOnly={busy}
        aria-invalid={error}
        aria-describedby={error ? errorId : undefined}
        className={error ? 'code invalid' : 'code'}
        onChange={(event) => {
          const next = cleanCode(event.target.value);
          setCode(next);
          setError(false);
          if (next.length === CODE_LENGTH) void verify(next);
        }}
        data-testid="code-input"
      />
      {error && (
        <p id={errorId} className="error" role="alert">
          {t('isl.auth.code_error')}
        </p>
      )}
      <div className="row">
        <button
          type="button"
          disabled={left > 0 || busy}
          onClick={async () => {
            const result = await resendCode();
            if (result.ok) {
              setCode('');
              setError(false);
            }
          }}
        >
          {left > 0 ? t('isl.auth.resend_in', { time: formatCountdown(left) }) : t('isl.auth.resend')}
        </button>
        <button type="button" className="link" onClick={onBack}>
          {t('isl.auth.change_phone')}
        </button>
      </div>
    </div>
  );
}
