// A message for people in the client's two languages. The service keeps both and answers in the
// request's language (Accept-Language zh… → Chinese, anything else → English); the client sends its
// own language, so a clerk reads every refusal in the language of the screen.

export type Lang = 'en' | 'zh';

export interface Said {
  en: string;
  zh: string;
}

export const said = (en: string, zh: string): Said => ({ en, zh });

/** The same text in both languages: names, numbers and codes that are not translated. */
export const verbatim = (text: string): Said => ({ en: text, zh: text });

export function isSaid(value: unknown): value is Said {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 2 && typeof (value as Said).en === 'string' && typeof (value as Said).zh === 'string';
}

/** Joins messages: "a; b" in English, "a；b" in Chinese. */
export function joinSaid(parts: readonly Said[]): Said {
  return { en: parts.map((p) => p.en).join('; '), zh: parts.map((p) => p.zh).join('；') };
}

/** Replaces every Said inside `value` (an error's data: field and row errors) by its text in `lang`. */
export function inLanguage(value: unknown, lang: Lang): unknown {
  if (isSaid(value)) return value[lang];
  if (Array.isArray(value)) return value.map((v) => inLanguage(v, lang));
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inLanguage(v, lang)]));
  }
  return value;
}
