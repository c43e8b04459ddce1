/**
 * The folding the database applies to search_text (migration 0012's search_fold): Latin letters lose
 * their diacritics and everything is lower-cased, so "Godavari", "GODĀVARI" and "godāvari" meet.
 * Only the combining diacritics of U+0300–U+036F go: the vowel signs of Indic scripts are marks too,
 * and they stay.
 */
export const searchFold = (value: string): string =>
  value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFC")
    .toLowerCase();
