// A Vite plugin that writes into index.html the signed-in first screen's skeleton (shared/boot-shell.ts):
// its rules, its inline script and the labels it reads (a JSON block: every page of the menu with its
// group and title, the words of both languages), taken at build time from the menu (src/menu.tsx) and
// the dictionaries, so the skeleton names each page as the client does. The client removes the
// skeleton when it draws the layout (src/layout/bootShell.ts).
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import { BOOT_DATA_ID, BOOT_SCRIPT, BOOT_STYLE } from '../../shared/boot-shell.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const load = <T>(file: string) => tsImport(`${here}src/${file}`, { parentURL: import.meta.url, tsconfig: `${here}tsconfig.json` }) as Promise<T>;

/** The title a page shows when it is not its menu label (pages/dashboard/DashboardPage.tsx). */
const TITLES: Record<string, string> = { '/': 'menu.dashboard' };

/** What is read of src/menu.tsx (its own types need the client's JSX settings). */
interface MenuPage {
  path: string;
  label: string;
}
interface MenuGroup {
  label: string;
  items: MenuPage[];
}

interface BootData {
  pages: Record<string, [group: number, title: number, crumbs: 0 | 1]>;
  words: Record<string, string[]>;
}

async function bootData(): Promise<BootData> {
  const { HOME, ACCOUNT, MENU } = await load<{ HOME: MenuPage; ACCOUNT: MenuPage; MENU: MenuGroup[] }>('menu.tsx');
  const dictionaries = {
    'en-US': (await load<{ messages: Record<string, string> }>('i18n/en-US/index.ts')).messages,
    'zh-CN': (await load<{ messages: Record<string, string> }>('i18n/zh-CN/index.ts')).messages,
  };
  const keys = [HOME.label, 'app.name'];
  const word = (key: string) => (keys.includes(key) ? keys.indexOf(key) : keys.push(key) - 1);
  const pages: BootData['pages'] = {};
  // the breadcrumbs as the layout builds them (layout/AppLayout.tsx): home, the group when it has
  // more than one page, the page; none on the home page
  pages[HOME.path] = [-1, word(TITLES[HOME.path] ?? HOME.label), 0];
  pages[ACCOUNT.path] = [-1, word(ACCOUNT.label), 1];
  for (const group of MENU) for (const item of group.items) pages[item.path] = [group.items.length > 1 ? word(group.label) : -1, word(TITLES[item.path] ?? item.label), 1];
  const words = Object.fromEntries(
    Object.entries(dictionaries).map(([language, messages]) => [
      language,
      keys.map((key) => {
        const text = messages[key];
        if (!text) throw new Error(`bootShell: no ${language} text for ${key}`);
        return text;
      }),
    ]),
  );
  return { pages, words };
}

export function bootShell(): Plugin {
  let data: Promise<BootData> | undefined;
  return {
    name: 'cargodesk-boot-shell',
    transformIndexHtml: {
      order: 'pre',
      async handler() {
        data ??= bootData();
        // `<` cannot end the JSON block early: the labels are the dictionaries' own
        const json = JSON.stringify(await data).replace(/</g, '\\u003c');
        return [
          { tag: 'style', children: BOOT_STYLE, injectTo: 'head' as const },
          { tag: 'script', attrs: { type: 'application/json', id: BOOT_DATA_ID }, children: json, injectTo: 'body-prepend' as const },
          { tag: 'script', children: BOOT_SCRIPT, injectTo: 'body-prepend' as const },
        ];
      },
    },
  };
}
