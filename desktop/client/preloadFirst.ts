// A Vite plugin that names, in index.html, the chunks every first screen needs beyond the entry's
// own imports (which Vite already lists): the `forms` chunk (the sign-in page, and antd's Form and
// Input that every signed-in screen uses too; vite.config.ts) and the dictionaries of both
// languages (i18n/index.tsx loads one at start; the page cannot know which before the entry runs,
// and the other costs ~12 KB). The browser then fetches them with the entry's imports instead of
// after the entry has run: one round trip less before the first screen.
import type { Plugin } from 'vite';

const DICTIONARY = /[\\/]i18n[\\/](en-US|zh-CN)[\\/]index\.ts$/;

export function preloadFirst(): Plugin {
  return {
    name: 'cargodesk-preload-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = Object.values(ctx.bundle ?? {})
          .filter((c) => c.type === 'chunk' && !c.isEntry && (c.name === 'forms' || (c.facadeModuleId !== null && DICTIONARY.test(c.facadeModuleId))))
          .map((c) => c.fileName)
          .sort();
        if (files.length < 3) throw new Error(`preloadFirst: expected the forms chunk and two dictionaries, found ${files.join(', ') || 'none'}`);
        return files.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}
