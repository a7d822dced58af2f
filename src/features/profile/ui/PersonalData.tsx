/**
 * /{lang}/profile, personal data (spec §3 User): names, gender, birth date,
 * e-mail, the read-only phone and the delivery address (the picker). Checked
 * by the contract's own rules before sending (loaded on the first save) and
 * by the API; a refusal shows beside each field, and nothing typed is lost.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type SyntheticEvent } from 'react';
import { BIRTH_DATE_MIN, LIMITS } from '#contract/limits.ts';
import { shortAddress } from '../../address/index.ts';
import type { ProfileField, ProfileForm, ProfileProblem } from '../rules/profile.ts';
import { formatUzPhone } from '../../../shared/uz-phone.ts';
import { makeT, type Labels, type LabelKey, type Translate } from '../../../i18n/messages.ts';
import { openAddressPicker } from '../../address/index.ts';
import { notify } from '../../../shared/notify.ts';
import { $profile, $profileLoad, loadProfile, profileAddressSaved, saveProfile } from '../state/profile.ts';
import RetryButton from '../../../shared/ui/RetryButton.tsx';
import SignInGate from '../../../shared/ui/SignInGate.tsx';
import './profile.css';

/** A field's message: the browser's check, or the API's words. */
type FieldError = ProfileProblem | { kind: 'server'; message: string };

function errorText(t: Translate<LabelKey<'profile'>>, error: FieldError): string {
  switch (error.kind) {
    case 'server':
      return error.message;
    case 'too_long':
      return t('isl.profile.too_long', { max: error.max });
    case 'email':
      return t('isl.profile.bad_email');
    case 'date':
      return t('isl.profile.bad_date');
    case 'invalid':
      return t('isl.profile.invalid');
  }
}

export default function PersonalData({ labels }: { labels: Labels<'profile'> }) {
  const t = makeT(labels);
  return (
    <SignInGate message={t('isl.auth.sign_in_to_access')} login={t('isl.auth.login')}>
      <PersonalDataForm t={t} />
    </SignInGate>
  );
}

function PersonalDataForm({ t }: { t: Translate<LabelKey<'profile'>> }) {
  const profile = useStore($profile);
  const load = useStore($profileLoad);
  // What the shopper typed; null until the profile arrives (then its values).
  const [form, setForm] = useState<ProfileForm | null>(null);
  const [errors, setErrors] = useState<Partial<Record<ProfileField, FieldError>>>({});
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'invalid' | 'failed'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    if ($profileLoad.get() !== 'ready') void loadProfile();
  }, []);
  useEffect(() => {
    if (profile && !form) void import('../rules/profile.ts').then((rules) => setForm(rules.profileForm(profile)));
  }, [profile, form]);

  if (load === 'unavailable') {
    return (
      <p className="profile-status" role="status" data-testid="profile-unavailable">
        {t('isl.profile.unavailable')}
      </p>
    );
  }
  if (!profile || !form) {
    return load === 'failed' ? (
      <div className="profile-status">
        <RetryButton
          failure={t('isl.profile.load_failed')}
          className="profile-button"
          onClick={() => void loadProfile()}
        >
          {t('isl.profile.retry')}
        </RetryButton>
      </div>
    ) : (
      <p className="profile-status" role="status">
        {t('isl.profile.loading')}
      </p>
    );
  }

  const change = (field: ProfileField, value: string) => {
    setForm({ ...form, [field]: value });
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
    if (status === 'saved') setStatus('idle');
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'saving') return;
    const rules = await import('../rules/profile.ts');
    const checked = rules.checkProfileForm(form);
    if (!checked.ok) {
      setErrors(checked.problems);
      setStatus('invalid');
      return;
    }
    setStatus('saving');
    const result = await saveProfile(checked.body);
    if (result.ok) {
      setErrors({});
      setStatus('saved');
      notify('success', 'isl.profile.saved');
      return;
    }
    const fromApi: Partial<Record<ProfileField, FieldError>> = {};
    for (const [field, messages] of Object.entries(result.fields)) {
      if (rules.isProfileField(field) && messages[0]) fromApi[field] = { kind: 'server', message: messages[0] };
    }
    setErrors(fromApi);
    const named = Object.keys(fromApi).length > 0;
    setStatus(named ? 'invalid' : 'failed');
    setFailure(named ? null : result.detail);
  };

  const changeAddress = async () => {
    const saved = await openAddressPicker();
    if (saved) profileAddressSaved(saved);
  };

  const describedBy = (field: ProfileField) => (errors[field] ? `${id}-${field}-error` : undefined);
  const fieldError = (field: ProfileField) => {
    const error = errors[field];
    return error ? (
      <span className="profile-error" id={`${id}-${field}-error`}>
        {errorText(t, error)}
      </span>
    ) : null;
  };
  const input = (field: 'first_name' | 'last_name' | 'father_name' | 'email' | 'birth_date') => ({
    id: `${id}-${field}`,
    name: field,
    value: form[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(field),
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
  });
  const textField = (
    field: 'first_name' | 'last_name' | 'father_name' | 'email',
    type = 'text',
    max: number = LIMITS.name,
  ) => (
    <div className="profile-field">
      <label htmlFor={`${id}-${field}`}>{t(`isl.profile.${field}`)}</label>
      <input
        {...input(field)}
        type={type}
        maxLength={max}
        autoComplete={
          { first_name: 'given-name', last_name: 'family-name', father_name: 'additional-name', email: 'email' }[field]
        }
      />
      {fieldError(field)}
    </div>
  );

  return (
    <form className="profile-form" data-testid="personal-data" noValidate onSubmit={(event) => void submit(event)}>
      {textField('first_name')}
      {textField('last_name')}
      {textField('father_name')}
      <fieldset className="profile-field" aria-describedby={describedBy('gender')}>
        <legend>{t('isl.profile.gender')}</legend>
        <div className="profile-choices">
          {(['male', 'female'] as const).map((gender) => (
            <label key={gender}>
              <input
                type="radio"
                name="gender"
                value={gender}
                checked={form.gender === gender}
                onChange={() => change('gender', gender)}
              />
              {t(`isl.profile.${gender}`)}
            </label>
          ))}
        </div>
        {fieldError('gender')}
      </fieldset>
      <div className="profile-field">
        <label htmlFor={`${id}-birth_date`}>{t('isl.profile.birth_date')}</label>
        <input {...input('birth_date')} type="date" min={BIRTH_DATE_MIN} autoComplete="bday" />
        {fieldError('birth_date')}
      </div>
      {textField('email', 'email', LIMITS.email)}
      <div className="profile-field">
        <label htmlFor={`${id}-phone`}>{t('isl.profile.phone')}</label>
        <input
          id={`${id}-phone`}
          type="tel"
          name="phone"
          value={formatUzPhone(profile.phone_number)}
          readOnly
          aria-describedby={`${id}-phone-hint`}
        />
        <span className="profile-hint" id={`${id}-phone-hint`}>
          {t('isl.profile.phone_hint')}
        </span>
      </div>
      <div className="profile-field profile-address">
        <span className="profile-label">{t('isl.profile.address')}</span>
        <p data-testid="profile-address">
          {profile.address ? shortAddress(profile.address) : t('isl.profile.no_address')}
        </p>
        <button type="button" className="profile-button profile-button-ghost" onClick={() => void changeAddress()}>
          {t(profile.address ? 'isl.profile.change_address' : 'isl.profile.choose_address')}
        </button>
      </div>
      <div className="profile-actions">
        <button type="submit" className="profile-button" disabled={status === 'saving'}>
          {status === 'saving' ? t('isl.profile.saving') : t('isl.profile.save')}
        </button>
        <p className="profile-outcome" role="status" aria-live="polite">
          {status === 'saved' && t('isl.profile.saved')}
          {status === 'invalid' && t('isl.profile.fix_fields')}
          {status === 'failed' && (failure ?? t('isl.profile.save_failed'))}
        </p>
      </div>
    </form>
  );
}
