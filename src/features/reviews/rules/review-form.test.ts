/**
 * The review form's limits, generated from the contract: every field of the
 * API's ReviewInput is tried at and just past its limit, and the form's rule
 * must refuse exactly what the API's schema refuses. Images: the size limit,
 * each accepted format by its real bytes, and the count.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  IMAGE_FORMATS,
  IMAGE_SNIFF_BYTES,
  MAX_IMAGE_BYTES,
  REVIEW_MAX_IMAGES,
  REVIEW_TEXT_FIELDS,
  type ImageFormat,
} from '#contract/reviews.ts';
import { ReviewInput } from '#contract/schemas.ts';
import { EMPTY_REVIEW, RATINGS, chooseImages, imageProblem, reviewErrors, type ReviewFields } from './review-form.ts';

interface JsonSchema {
  type?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}
const { properties = {} } = z.toJSONSchema(ReviewInput, { io: 'input' }) as {
  properties?: Record<string, JsonSchema>;
};
/** The form's fields: everything the API takes but the product, which the form does not type. */
const formFields = Object.entries(properties).filter(([name]) => name !== 'product');

const valid: ReviewFields = { ...EMPTY_REVIEW, rating: RATINGS[0]! };
/** Whether the API's schema takes the form's fields for a product. */
const apiAccepts = (fields: ReviewFields) => z.safeParse(ReviewInput, { ...fields, product: 1 }).success;

/** Values at and just past a field's limits, from its JSON schema. */
function limitCases(name: string, schema: JsonSchema): { label: string; fields: ReviewFields }[] {
  const at = (value: unknown) => ({ ...valid, [name]: value }) as ReviewFields;
  if (schema.type === 'string' && schema.maxLength !== undefined)
    return [schema.maxLength, schema.maxLength + 1].map((n) => ({
      label: `${n} characters`,
      fields: at('a'.repeat(n)),
    }));
  if (schema.type === 'integer' && schema.minimum !== undefined && schema.maximum !== undefined) {
    const values = [schema.minimum - 1, schema.minimum, schema.maximum, schema.maximum + 1, schema.minimum + 0.5];
    return [...values.map((n) => ({ label: String(n), fields: at(n) })), { label: 'none chosen', fields: at(null) }];
  }
  throw new Error(`${name}: a form field without a limit the test knows (${JSON.stringify(schema)})`);
}

describe('review fields', () => {
  it('the form covers every field the API takes', () => {
    expect(formFields.map(([name]) => name).sort()).toEqual(['rating', ...REVIEW_TEXT_FIELDS].sort());
    expect(RATINGS).toEqual([1, 2, 3, 4, 5]);
  });

  const cases = formFields.flatMap(([name, schema]) =>
    limitCases(name, schema).map((c) => ({ name, ...c, api: apiAccepts(c.fields) })),
  );

  it('tries each field on both sides of its limit', () => {
    // Three texts × 2 and the rating × 6; both outcomes occur for every field.
    expect(cases).toHaveLength(REVIEW_TEXT_FIELDS.length * 2 + 6);
    for (const [name] of formFields)
      expect(new Set(cases.filter((c) => c.name === name).map((c) => c.api)).size).toBe(2);
  });

  it.each(cases)('$name, $label: the form refuses it exactly when the API does', ({ name, fields, api }) => {
    const errors = reviewErrors(fields);
    expect(name in errors).toBe(!api);
    expect(Object.keys(errors).filter((field) => field !== name)).toEqual([]);
  });

  it('says which problem each field has', () => {
    expect(reviewErrors({ ...EMPTY_REVIEW, comment: 'a'.repeat(properties['comment']!.maxLength! + 1) })).toEqual({
      rating: 'rating',
      comment: 'too_long',
    });
    expect(reviewErrors(valid)).toEqual({});
  });
});

/** The first bytes of a real image of each accepted format. */
async function head(format: ImageFormat): Promise<Uint8Array> {
  const image = sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00' } });
  const bytes = await image.toFormat(format).toBuffer();
  return new Uint8Array(bytes.subarray(0, IMAGE_SNIFF_BYTES));
}
const text = new TextEncoder().encode('<svg onload=alert(1)/>');

describe('review images', () => {
  it.each(Object.keys(IMAGE_FORMATS) as ImageFormat[])(
    'accepts a %s up to the size limit, not past it',
    async (format) => {
      const bytes = await head(format);
      expect(imageProblem({ size: MAX_IMAGE_BYTES }, bytes)).toBeNull();
      expect(imageProblem({ size: MAX_IMAGE_BYTES + 1 }, bytes)).toBe('too_large');
    },
  );

  it('refuses anything else by its bytes, whatever it is called', () => {
    expect(imageProblem({ size: text.length }, text)).toBe('not_image');
    expect(imageProblem({ size: 0 }, new Uint8Array())).toBe('not_image');
    // A GIF is an image, but not one the API takes.
    expect(imageProblem({ size: 6 }, new TextEncoder().encode('GIF89a'))).toBe('not_image');
  });

  it(`adds images while there is room for ${REVIEW_MAX_IMAGES}, and says why the others are refused`, async () => {
    const png = await head('png');
    const picked = [
      { file: { name: 'big.png', size: MAX_IMAGE_BYTES + 1 }, head: png },
      { file: { name: 'notes.txt', size: text.length }, head: text },
      ...Array.from({ length: REVIEW_MAX_IMAGES }, (_, i) => ({ file: { name: `${i}.png`, size: 100 }, head: png })),
    ];
    const { added, refused } = chooseImages(1, picked);
    expect(added.map((f) => f.name)).toEqual(Array.from({ length: REVIEW_MAX_IMAGES - 1 }, (_, i) => `${i}.png`));
    expect(refused.map((r) => `${r.file.name} ${r.problem}`)).toEqual([
      'big.png too_large',
      'notes.txt not_image',
      `${REVIEW_MAX_IMAGES - 1}.png too_many`,
    ]);
    expect(chooseImages(REVIEW_MAX_IMAGES, picked.slice(2, 3)).added).toEqual([]);
  });
});
