// The desktop app's own settings in <userData>/settings.json: the language and the port.
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Language } from './texts.js';

export interface DesktopSettings {
  language?: Language;
  port?: number;
}

export const settingsPath = (userData: string) => join(userData, 'settings.json');

export async function loadSettings(userData: string): Promise<DesktopSettings> {
  try {
    const raw = JSON.parse(await readFile(settingsPath(userData), 'utf8')) as Record<string, unknown>;
    const settings: DesktopSettings = {};
    if (raw.language === 'zh-CN' || raw.language === 'en-US') settings.language = raw.language;
    if (Number.isInteger(raw.port) && (raw.port as number) >= 1024 && (raw.port as number) <= 65535) settings.port = raw.port as number;
    return settings;
  } catch {
    return {}; // missing or unreadable: the defaults
  }
}

export async function saveSettings(userData: string, change: DesktopSettings): Promise<DesktopSettings> {
  const next = { ...(await loadSettings(userData)), ...change };
  await mkdir(dirname(settingsPath(userData)), { recursive: true });
  await writeFile(settingsPath(userData), JSON.stringify(next, null, 2));
  return next;
}
