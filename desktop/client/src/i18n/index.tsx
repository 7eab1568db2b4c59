// A small i18n: two dictionaries, a context with the current language, useT() for texts.
// The choice is stored in localStorage; the default follows the system language.
import { ConfigProvider } from 'antd';
import antdEn from 'antd/locale/en_US';
import antdZh from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { enUS, type MessageKey, type Messages } from './en-US';
import { zhCN } from './zh-CN';
import type { Lang } from '../../../../shared/messages';
import { setRequestLanguage } from '../api/client';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export type { MessageKey };

const dictionaries: Record<Language, Messages> = { 'zh-CN': zhCN, 'en-US': enUS };
const antdLocales = { 'zh-CN': antdZh, 'en-US': antdEn };
const dayjsLocales: Record<Language, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };
const STORAGE_KEY = 'cargodesk.language';

export function systemLanguage(languages: readonly string[] = navigator.languages ?? [navigator.language]): Language {
  for (const lang of languages) {
    const l = lang.toLowerCase();
    if (l.startsWith('zh')) return 'zh-CN';
    if (l.startsWith('en')) return 'en-US';
  }
  return 'en-US';
}

function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  const language = (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : systemLanguage();
  setRequestLanguage(language); // before any child's first request
  return language;
}

/** Whether a text of the data (an entity or field name) has a translation under this key. */
export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(enUS, key);

export interface Translate {
  (key: MessageKey, params?: Record<string, string | number>): string;
  /** the language of the texts shared with the service (shared/messages.ts) */
  readonly lang: Lang;
}

export function translator(language: Language): Translate {
  const dict = dictionaries[language];
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
  return Object.assign(t, { lang: language === 'zh-CN' ? ('zh' as const) : ('en' as const) });
}

interface I18n {
  language: Language;
  setLanguage(language: Language): void;
  t: Translate;
}

const I18nContext = createContext<I18n | null>(null);

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

export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(initialLanguage);
  const setLanguage = useCallback((next: Language) => {
    localStorage.setItem(STORAGE_KEY, next);
    setRequestLanguage(next);
    setLanguageState(next);
  }, []);
  useEffect(() => {
    dayjs.locale(dayjsLocales[language]);
    document.documentElement.lang = language;
  }, [language]);
  // dayjs must switch before children render dates
  dayjs.locale(dayjsLocales[language]);
  const value = useMemo(() => ({ language, setLanguage, t: translator(language) }), [language, setLanguage]);
  const reducedMotion = useReducedMotion();
  return (
    <I18nContext.Provider value={value}>
      <ConfigProvider locale={antdLocales[language]} theme={{ token: { colorPrimary: '#1f6fb2', borderRadius: 4, motion: !reducedMotion } }}>
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
