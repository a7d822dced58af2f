/**
 * The review form's photos: the review's current ones (until new ones are
 * chosen: they replace them), the chosen ones with previews, each removable,
 * and the file input while fewer than the most are chosen. A file that is too
 * large or not a JPEG, PNG or WebP is refused when chosen, with the reason.
 */
import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, REVIEW_MAX_IMAGES } from '#contract/reviews.ts';
import type { ImageProblem } from '../rules/review-form.ts';
import type { LabelKey, Translate } from '../../../i18n/messages.ts';
import { addReviewImages, removeReviewImage, type Draft } from '../state/reviews.ts';
import FieldMessages from './FieldMessages.tsx';

const MB = MAX_IMAGE_BYTES / 1024 / 1024;

export default function ReviewImages({
  t,
  id,
  draft,
  serverMessages,
}: {
  t: Translate<LabelKey<'reviewsPage'>>;
  /** The form's id prefix. */
  id: string;
  draft: Draft;
  /** What the server said of the images. */
  serverMessages: string[] | undefined;
}) {
  const [refused, setRefused] = useState<{ name: string; problem: ImageProblem }[]>([]);
  const current = draft.target.review?.images ?? [];

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    // The same file can be picked again after it was removed.
    input.value = '';
    const refusedNow = await addReviewImages(files);
    setRefused(refusedNow.map(({ file, problem }) => ({ name: file.name, problem })));
  };

  const messages = [
    ...refused.map(({ name, problem }) => t(`isl.reviews.${problem}`, { name, mb: MB, max: REVIEW_MAX_IMAGES })),
    ...(serverMessages ?? []),
  ];

  return (
    <fieldset className="review-images-input" aria-describedby={`${id}-images-hint`}>
      <legend>{t('isl.reviews.add_images')}</legend>
      <p id={`${id}-images-hint`} className="review-hint">
        {t('isl.reviews.images', { max: REVIEW_MAX_IMAGES, mb: MB })}
      </p>
      {current.length > 0 && draft.images.length === 0 && (
        <div className="review-current">
          <p className="review-hint">{t('isl.reviews.current_images')}</p>
          <ul className="review-previews">
            {current.map((src, i) => (
              <li key={src}>
                <img src={src} alt={t('isl.reviews.image', { n: i + 1 })} width="80" height="80" />
              </li>
            ))}
          </ul>
        </div>
      )}
      {draft.images.length > 0 && (
        <ul className="review-previews" data-testid="review-previews">
          {draft.images.map((file) => (
            <li key={keyOf(file)}>
              <Preview file={file} alt={t('isl.reviews.chosen_image', { name: file.name })} />
              <button
                type="button"
                className="review-remove"
                onClick={() => removeReviewImage(file)}
                aria-label={t('isl.reviews.remove_image', { name: file.name })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {draft.images.length < REVIEW_MAX_IMAGES && (
        <label className="btn btn-ghost review-pick">
          {t('isl.reviews.add_images')}
          <input
            type="file"
            accept={IMAGE_TYPES.join(',')}
            multiple
            onChange={(event) => void pick(event)}
            aria-invalid={serverMessages !== undefined}
            aria-describedby={messages.length ? `${id}-images-error` : `${id}-images-hint`}
            data-testid="review-files"
          />
        </label>
      )}
      <FieldMessages id={`${id}-images-error`} messages={messages} />
    </fieldset>
  );
}

/** A stable key per chosen file (picking the same photo twice gives two files). */
const keys = new WeakMap<File, number>();
let nextKey = 0;
function keyOf(file: File): number {
  let key = keys.get(file);
  if (key === undefined) {
    key = nextKey++;
    keys.set(file, key);
  }
  return key;
}

/** A chosen file's preview: an object URL, revoked when the preview goes. */
function Preview({ file, alt }: { file: File; alt: string }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <img src={url} alt={alt} width="80" height="80" />;
}
