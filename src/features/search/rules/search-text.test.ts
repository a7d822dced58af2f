import { describe, expect, it } from 'vitest';
import { normaliseSearchText } from './search-text.ts';

describe('normaliseSearchText', () => {
  it("maps every apostrophe variant to '", () => {
    for (const variant of ['oʻ', 'o‘', 'o`', 'o’', 'oʼ']) expect(normaliseSearchText(`${variant}yin`)).toBe("o'yin");
    expect(normaliseSearchText('gʻisht')).toBe("g'isht");
    expect(normaliseSearchText("O'zbekcha")).toBe("O'zbekcha");
  });
});
