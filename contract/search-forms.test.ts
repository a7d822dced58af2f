import { describe, expect, it } from 'vitest';
import {
  catalogueWords,
  foldSearchText,
  latinBrands,
  matchesSearch,
  otherLayout,
  searchDocument,
  searchForms,
} from './search-forms.ts';

const texts = (query: string) => searchForms(query).map((form) => form.text);

describe('foldSearchText', () => {
  it('writes Uzbek Cyrillic in Uzbek Latin, every oʻ and gʻ spelling alike', () => {
    for (const spelling of ['Oʻyin', "O'yin", 'O‘yin', 'O`yin', 'O’yin', 'Ўйин', 'ўйин'])
      expect(foldSearchText(spelling)).toBe('oyin');
    for (const spelling of ['Yongʻoq', "yong'oq", 'ёнғоқ', 'Ёнгʻоқ']) expect(foldSearchText(spelling)).toBe('yongoq');
    expect(foldSearchText('Шаҳрисабз')).toBe(foldSearchText('Shahrisabz'));
    expect(foldSearchText('Чанг ютгич')).toBe('chang yutgich');
    expect(foldSearchText('Кондиционер')).toBe(foldSearchText('Konditsioner'));
    expect(foldSearchText('Қуруқ мевалар')).toBe('quruq mevalar');
    expect(foldSearchText('Ярим, Юқори')).toBe('yarim yuqori');
    expect(foldSearchText('Етказиб')).toBe(foldSearchText('yetkazib'));
    expect(foldSearchText('Маълумот')).toBe(foldSearchText('Maʼlumot'));
  });

  it('writes Russian in Latin letters and keeps only letters, digits and single spaces', () => {
    expect(foldSearchText('Самсунг Галакси А55')).toBe('samsung galaksi a55');
    expect(foldSearchText('Редми')).toBe('redmi');
    expect(foldSearchText('Samsung Crystal UHD 55"')).toBe('samsung crystal uhd 55');
    expect(foldSearchText('  Sony  WH-1000XM5 ')).toBe('sony wh 1000xm5');
  });
});

describe('searchForms', () => {
  it('reads Cyrillic brand spellings as the Latin brand', () => {
    expect(latinBrands(foldSearchText('айфон 15'))).toBe('iphone 15');
    expect(texts('самсунг')).toContain('samsung');
    expect(texts('редми нот 13')).toContain('redmi not 13');
    expect(texts('айфон')).toContain('iphone');
    expect(texts('Сяоми')).toContain('xiaomi');
  });

  it('reads a query typed on the wrong keyboard layout, both ways, ranked below the query itself', () => {
    expect(otherLayout('ыфьыгтп')).toBe('samsung');
    expect(otherLayout('cvfhnajy')).toBe('смартфон');
    expect(otherLayout('Samsung смартфон')).toBeNull();
    const forms = searchForms('ыфьыгтп');
    expect(forms[0]).toEqual({ text: 'ыфьыгтп', swapped: false });
    expect(forms).toContainEqual({ text: 'samsung', swapped: true });
    expect(searchForms('ntktdbpjh')).toContainEqual({ text: 'телевизор', swapped: true });
    // Too short to be a word typed on the other layout.
    expect(searchForms('lg').every((form) => !form.swapped)).toBe(true);
    // Uzbek letters are typed on an Uzbek layout: nothing to swap.
    expect(searchForms('қора').every((form) => !form.swapped)).toBe(true);
  });

  it('reads everyday words as the catalogue’s, in either script and on the wrong layout', () => {
    expect(catalogueWords('telefon samsung')).toBe('smartfon samsung');
    expect(catalogueWords('smartfon')).toBe('smartfon');
    for (const query of ['telefon', 'Telefon', 'телефон', 'ТЕЛЕФОН', 'ntktajy'])
      expect(texts(query), query).toContain('smartfon');
    expect(texts('телефон самсунг')).toContain('smartfon samsung');
    expect(texts('холодильник')).toContain('muzlatgich');
    expect(searchForms('телефон')[0]).toEqual({ text: 'телефон', swapped: false });
    // One way: the catalogue's own word is not widened to every phone case.
    expect(texts('smartfon')).not.toContain('telefon');
    expect(searchForms('smartfon').filter((form) => !form.swapped)).toEqual([{ text: 'smartfon', swapped: false }]);
  });

  it('gives nothing to search for a blank query', () => {
    expect(searchForms('   ')).toEqual([]);
  });
});

describe('matchesSearch', () => {
  const doc = searchDocument('Smartfon Samsung Galaxy A55 Pro', 'Смартфон Samsung Galaxy A55 Pro');
  it('finds a record by every form of a query, words in any order', () => {
    for (const query of [
      'galaxy samsung',
      'самсунг галакси а55',
      'ыфьыгтп',
      'смартфон',
      'смартфон samsung',
      'СМАРТФОН',
    ])
      expect(matchesSearch(doc, searchForms(query)), query).toBe(true);
    expect(matchesSearch(doc, searchForms('айфон'))).toBe(false);
  });
  it('finds a smartphone by the everyday word for a phone', () => {
    for (const query of ['telefon', 'телефон', 'телефон samsung'])
      expect(matchesSearch(doc, searchForms(query)), query).toBe(true);
    expect(matchesSearch(searchDocument('Telefon uchun gʻilof'), searchForms('smartfon'))).toBe(false);
  });
});
