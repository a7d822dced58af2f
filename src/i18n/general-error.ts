/**
 * The general error text (spec §8, 'An error occurred'), shown for a failed
 * call whose answer explains nothing; the dictionaries use it too.
 */
export const GENERAL_ERROR = { uz: 'Xatolik yuz berdi', ru: 'Произошла ошибка' } as const;
