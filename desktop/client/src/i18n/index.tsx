// A small i18n: one dictionary per language, each its own chunk loaded when the screen shows that
// language (with antd's and dayjs's locale), a context with the current language, useT() for texts.
// The choice is stored in localStorage; the default follows the system language.
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { MessageKey, Messages } from './en-US';
import type { Lang } from '../../../../shared/messages';
import { setRequestLanguage } from '../api/client';
import { THEME_COMPONENTS, THEME_TOKENS } from '../theme';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export type { MessageKey };

/** A language's texts with the antd and dayjs locales that go with them. */
export interface Dictionary {
  language: Language;
  messages: Messages;
  antdLocale: Locale;
  dayjsLocale: string;
}

const loaders: Record<Language, () => Promise<Omit<Dictionary, 'language'>>> = {
  'zh-CN': async () => {
    const { messages, antdLocale, dayjsLocale } = await import('./zh-CN');
    return { messages, antdLocale, dayjsLocale };
  },
  'en-US': async () => {
    const { messages, antdLocale, dayjsLocale } = await import('./en-US');
    return { messages, antdLocale, dayjsLocale };
  },
};

/** Loads a language's dictionary (its chunk is fetched once). */
export async function loadDictionary(language: Language): Promise<Dictionary> {
  return { language, ...(await loaders[language]()) };
}

const STORAGE_KEY = 'cargodesk.language';

export function systemLanguage(languages: readonly string[] = navigator.languages ?? [navigator.language]): Language {
  for (const lang of languages) {
    const l = lang.toLowerCase();
    if (l.startsWith('zh')) return 'zh-CN';
    if (l.startsWith('en')) return 'en-US';
  }
  return 'en-US';
}

/** The stored choice, else the system's language; also the language of the first requests. */
export function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  const language = (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : systemLanguage();
  setRequestLanguage(language); // before any child's first request
  return language;
}

export interface Translate {
  (key: MessageKey, params?: Record<string, string | number>): string;
  /** the language of the texts shared with the service (shared/messages.ts) */
  readonly lang: Lang;
  /** whether a text of the data (an entity or field name) has a translation under this key */
  has(key: string): key is MessageKey;
}

function translator({ language, messages: dict }: Dictionary): Translate {
  const t = (key: MessageKey, params?: Record<string, string | number>) => {
    const text = dict[key] ?? key;
    if (!params) return text;
    // `{n|record|records}`: the first word when n is 1, the second otherwise
    return text
      .replace(/\{(\w+)\|([^|}]*)\|([^}]*)\}/g, (m, name: string, one: string, other: string) =>
        name in params ? (Number(params[name]) === 1 && params[name] !== '' ? one : other) : m,
      )
      .replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
  };
  const has = (key: string): key is MessageKey => Object.hasOwn(dict, key);
  return Object.assign(t, { lang: language === 'zh-CN' ? ('zh' as const) : ('en' as const), has });
}

interface I18n {
  language: Language;
  setLanguage(language: Language): void;
  t: Translate;
}

const I18nContext = createContext<I18n | null>(null);

/**
 * antd's component rules come from stylesheets written at build time with this theme (antdStyles.ts):
 * antd computes none at run time (`zeroRuntime`: on a phone most of a page's first render was
 * antd writing its styles), only the theme's CSS variables; class names without a theme hash, as
 * the build wrote them.
 */
const STATIC_STYLES = { zeroRuntime: true, hashed: false } as const;

const REDUCE_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the system asks for less motion ("reduce motion" / "show animations" off): antd then animates nothing. */
function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => window.matchMedia(REDUCE_MOTION).matches);
  useEffect(() => {
    const query = window.matchMedia(REDUCE_MOTION);
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

/** `initial`: the dictionary loaded before the first render (main.tsx), so no text shows as its key. */
export function I18nProvider({ initial, children }: { initial: Dictionary; children: ReactNode }) {
  const [dictionary, setDictionary] = useState<Dictionary>(initial);
  const { language } = dictionary;
  const setLanguage = useCallback((next: Language) => {
    localStorage.setItem(STORAGE_KEY, next);
    void loadDictionary(next).then((loaded) => {
      setRequestLanguage(next);
      setDictionary(loaded);
    });
  }, []);
  useEffect(() => {
    dayjs.locale(dictionary.dayjsLocale);
    document.documentElement.lang = language;
  }, [dictionary, language]);
  // dayjs must switch before children render dates
  dayjs.locale(dictionary.dayjsLocale);
  const value = useMemo(() => ({ language, setLanguage, t: translator(dictionary) }), [dictionary, language, setLanguage]);
  const reducedMotion = useReducedMotion();
  return (
    <I18nContext.Provider value={value}>
      <ConfigProvider locale={dictionary.antdLocale} theme={{ token: { ...THEME_TOKENS, motion: !reducedMotion }, components: THEME_COMPONENTS, ...STATIC_STYLES }}>
        {children}
      </ConfigProvider>
    </I18nContext.Provider>
  );
}

export function useI18n(): I18n {
  const ctx = useContext(I18nContext);
  if (!ctx) throw new Error('useI18n outside I18nProvider');
  return ctx;
}

export const useT = (): Translate => useI18n().t;

/** Formats an ISO time or date of the API for people, in the current language's format. */
export function useFormatDate() {
  const t = useT();
  return useCallback((value: string | null | undefined, withTime = true) => (value ? dayjs(value).format(t(withTime ? 'format.dateTime' : 'format.date')) : ''), [t]);
}
