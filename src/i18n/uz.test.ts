import { describe, expect, it } from 'vitest';
import { uz } from './uz.ts';

/** Every Uzbek message, by key. */
const entries = Object.entries(uz);

describe('Uzbek letters', () => {
  it('writes oʻ and gʻ with U+02BB and the tutuq belgisi with U+02BC, never a quote or a backtick inside a word', () => {
    const wrong = entries.filter(([, text]) => /\p{L}['‘’`]\p{L}/u.test(text));
    expect(wrong).toEqual([]);
  });

  it('puts U+02BB only after o and g, and U+02BC never there', () => {
    const misplaced = entries.filter(([, text]) => /(?:^|[^oOgG])ʻ|[oOgG]ʼ/u.test(text));
    expect(misplaced).toEqual([]);
  });

  it('still has the letters: oʻ, gʻ and the tutuq belgisi are in use', () => {
    expect(uz['product.add_to_basket']).toBe('Savatga qoʻshish');
    expect(uz['lang.uz']).toBe('Oʻzbekcha');
    expect(uz['footer.information']).toBe('Maʼlumot');
  });
});
