/**
 * The review form in a modal <dialog>, loaded on demand: a star
 * rating (a radio group: arrow keys choose), advantage, shortcoming and
 * comment (the contract's maxlength), and up to five photos with previews,
 * removable before sending. A file that is too large or not a JPEG, PNG or
 * WebP is refused when chosen, with the reason; nothing is uploaded until the
 * shopper sends. A 400's messages show beside their fields; a failure keeps
 * everything typed and chosen (it lives in the reviews store's draft).
 * Editing opens the same form filled in; new photos replace the old ones.
 */
import { useStore } from '@nanostores/react';
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { flushSync } from 'react-dom';
import { REVIEW_TEXT_FIELDS, REVIEW_TEXT_MAX, type ReviewTextField } from '#contract/reviews.ts';
import { hasErrors, RATINGS, reviewErrors } from '../rules/review-form.ts';
import { productTitle } from '../../../shared/product.ts';
import type { LabelKey, Translate } from '../../../i18n/messages.ts';
import { $draft, $send, closeReview, sendReview, setReviewField } from '../state/reviews.ts';
import ModalDialog from '../../../shared/ui/ModalDialog.tsx';
import FieldMessages from './FieldMessages.tsx';
import ReviewImages from './ReviewImages.tsx';
import { loadStylesheets } from '../../../shared/ui/stylesheet.ts';
import modalCss from '../../../shared/ui/modal.css?url';
import dialogCss from './dialog.css?url';

await loadStylesheets(modalCss, dialogCss);

/** Fields a 400 can name that the form shows beside an input. */
const SHOWN_FIELDS = new Set<string>(['rating', ...REVIEW_TEXT_FIELDS, 'images']);

/** Focus starts on the rating: the chosen star, else the first. */
const ratingFirst = (dialog: HTMLDialogElement) =>
  dialog.querySelector<HTMLElement>('input[name="rating"]:checked') ??
  dialog.querySelector<HTMLElement>('input[name="rating"]');

export default function ReviewDialog({
  t,
  onSaved,
}: {
  t: Translate<LabelKey<'reviewsPage'>>;
  /** After a save; `created` for a new review (else an edit). */
  onSaved: (created: boolean) => void;
}) {
  const draft = useStore($draft);
  const send = useStore($send);
  const dialog = useRef<HTMLDialogElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const [tried, setTried] = useState(false);
  const titleId = useId();
  const id = useId();

  if (!draft) return null;
  const { fields, target } = draft;
  const title = productTitle(target.product);
  const errors = tried ? reviewErrors(fields) : {};
  const busy = send.status === 'sending';
  const serverErrors = send.errors;
  const messagesFor = (field: string, local?: string) => [...(local ? [local] : []), ...(serverErrors[field] ?? [])];
  const describedBy = (field: string, shown: boolean) => (shown ? `${id}-${field}-error` : undefined);

  // What the failure says above the button: no answer or a server fault keeps everything for a retry;
  // a refusal gives the server's words, unless they are all beside their fields.
  let failure: string | null = null;
  if (send.status === 'failed') {
    const general = Object.entries(serverErrors)
      .filter(([field]) => !SHOWN_FIELDS.has(field))
      .flatMap(([, messages]) => messages);
    const besideFields = Object.keys(serverErrors).some((field) => SHOWN_FIELDS.has(field));
    if (send.detail === null) failure = t('isl.reviews.failed');
    else if (general.length > 0) failure = t('isl.reviews.refused', { detail: general.join(' ') });
    else if (!besideFields) failure = t('isl.reviews.refused', { detail: send.detail });
  }

  /** After a refused send, the focus goes to what needs the shopper: the first field in error, else the alert. */
  const showProblem = () => {
    const invalid = dialog.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
    (invalid ?? alert.current)?.focus();
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Drawn at once, so the problem can take the focus.
    flushSync(() => setTried(true));
    if (hasErrors(reviewErrors(fields))) return showProblem();
    const created = target.review === null;
    if (await sendReview()) return onSaved(created);
    flushSync(() => undefined);
    showProblem();
  };

  const ratingMessages = messagesFor('rating', errors.rating ? t('isl.reviews.rating_required') : undefined);

  return (
    <ModalDialog
      ref={dialog}
      open
      focus={ratingFirst}
      className="modal review-dialog"
      aria-labelledby={titleId}
      close={closeReview}
      backdropCloses={false}
      data-testid="review-dialog"
    >
      <form className="review-form" onSubmit={submit} noValidate>
        <div className="review-form-head">
          <h2 id={titleId}>{t(target.review ? 'isl.reviews.dialog_edit' : 'isl.reviews.dialog_new', { title })}</h2>
          <button type="button" className="review-close" onClick={closeReview} aria-label={t('isl.reviews.close')}>
            ×
          </button>
        </div>

        <fieldset className="review-stars-input" aria-describedby={describedBy('rating', ratingMessages.length > 0)}>
          <legend>{t('isl.reviews.rating')}</legend>
          <div className="review-stars-row">
            {RATINGS.map((n) => (
              <label key={n} className={fields.rating !== null && n <= fields.rating ? 'on' : undefined}>
                <input
                  type="radio"
                  name="rating"
                  value={n}
                  checked={fields.rating === n}
                  onChange={() => setReviewField('rating', n)}
                  data-invalid={ratingMessages.length > 0}
                />
                <span aria-hidden="true">★</span>
                <span className="sr-only">{t('isl.reviews.star', { n })}</span>
              </label>
            ))}
          </div>
          <FieldMessages id={`${id}-rating-error`} messages={ratingMessages} />
        </fieldset>

        {REVIEW_TEXT_FIELDS.map((field: ReviewTextField) => {
          const messages = messagesFor(
            field,
            errors[field] ? t('isl.reviews.too_long', { max: REVIEW_TEXT_MAX }) : undefined,
          );
          return (
            <div className="review-field" key={field}>
              <label htmlFor={`${id}-${field}`}>{t(`review.${field}`)}</label>
              <textarea
                id={`${id}-${field}`}
                name={field}
                rows={field === 'comment' ? 4 : 2}
                maxLength={REVIEW_TEXT_MAX}
                value={fields[field]}
                onChange={(event) => setReviewField(field, event.target.value)}
                aria-invalid={messages.length > 0}
                aria-describedby={describedBy(field, messages.length > 0)}
              />
              <FieldMessages id={`${id}-${field}-error`} messages={messages} />
            </div>
          );
        })}

        <ReviewImages t={t} id={id} draft={draft} serverMessages={serverErrors['images']} />

        <div ref={alert} tabIndex={-1} className="review-failure" role="alert" data-testid="review-failure">
          {failure}
        </div>

        <div className="review-actions">
          <button type="submit" className="btn" disabled={busy} data-testid="review-send">
            {busy ? t('isl.reviews.sending') : t(target.review ? 'isl.reviews.save' : 'isl.reviews.send')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
