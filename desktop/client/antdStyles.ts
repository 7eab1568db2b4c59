// A Vite plugin that writes antd's component styles at build time, so the browser does not compute
// them: antd's CSS-in-JS otherwise generates every component's stylesheet on the main thread at its
// first render (on a phone, most of a list page's blocking time). The client's ConfigProvider runs
// with `zeroRuntime` (i18n/index.tsx), which skips that generation; the CSS variables (the theme's
// tokens, motion, each component's tokens) are still set at run time by antd, a small part of the work,
// so the reduced-motion switch and the theme keep working. Rules are rendered with the client's theme
// and `hashed: false`, as the client renders them.
//
// Two stylesheets, as virtual modules:
// - `virtual:antd-first.css`: the components of the sign-in and registration pages and of the page
//   fallback (imported by main.tsx: part of the entry's stylesheet, small);
// - `virtual:antd.css`: every antd component the signed-in client can show, antd's own inner parts
//   included (imported by layout/SignedIn.tsx: loaded with the shell's chunk, never on sign-in).
// They are rendered once per build (or dev server) with react-dom/server and @ant-design/cssinjs's
// extractStyle, as @ant-design/static-style-extract does, keeping only the rules (`types: style`).
import { createRequire } from 'node:module';
import type { ComponentType, ReactNode } from 'react';
import type { Plugin } from 'vite';
import { THEME_COMPONENTS, THEME_TOKENS } from './src/theme.js';

const require = createRequire(import.meta.url);

/** The sign-in and registration pages, the page fallback and the sign-in's language select. */
const FIRST = ['App', 'message', 'notification', 'Form', 'Row', 'Col', 'Input', 'Button', 'Typography', 'Alert', 'Select', 'Spin', 'Result', 'Space'];

/**
 * What the signed-in client imports from antd and what those render inside (a table's pagination,
 * checkboxes, filter dropdown and menu; a picker's time panel; an upload's progress; a card's tabs).
 * The components no page uses (Carousel, ColorPicker, Tour, Transfer, …) are left out; a component
 * the client starts to use must be added here (test/client/antd-styles.test.ts fails until it is).
 */
export const ALL = [
  ...FIRST,
  'Affix',
  'AutoComplete',
  'Badge',
  'Breadcrumb',
  'Card',
  'Checkbox',
  'Collapse',
  'DatePicker',
  'Descriptions',
  'Divider',
  'Drawer',
  'Dropdown',
  'Empty',
  'Flex',
  'InputNumber',
  'Layout',
  'List',
  'Menu',
  'Modal',
  'Pagination',
  'Popconfirm',
  'Popover',
  'Progress',
  'Radio',
  'Segmented',
  'Skeleton',
  'Statistic',
  'Switch',
  'Table',
  'Tabs',
  'Tag',
  'TimePicker',
  'Timeline',
  'Tooltip',
  'Tree',
  'Upload',
];

type Antd = Record<string, ComponentType<Record<string, unknown>> & Record<string, ComponentType<Record<string, unknown>>>>;

/** Renders the components of FIRST, then those of ALL, with the client's theme: each stylesheet's rules, a rule in the first only once. */
function extract(): Record<keyof typeof FILES, string> {
  const { createElement: h, Fragment } = require('react') as typeof import('react');
  const { renderToString } = require('react-dom/server') as typeof import('react-dom/server');
  const { createCache, extractStyle, StyleProvider } = require('@ant-design/cssinjs') as typeof import('@ant-design/cssinjs');
  const antd = require('antd') as Antd;
  // the parts a bare element does not render (after @ant-design/static-style-extract's list)
  const special: Record<string, () => ReactNode> = {
    Affix: () => h(antd.Affix!, null, h('div')),
    Dropdown: () => h(antd.Dropdown!, { menu: { items: [] } }, h('div')),
    Menu: () => h(antd.Menu!, { items: [] }),
    Tree: () => h(antd.Tree!, { treeData: [] }),
    Tag: () => h(Fragment, null, h(antd.Tag!, { color: 'blue' }, 'Tag'), h(antd.Tag!, { color: 'success' }, 'Tag')),
    Badge: () => h(Fragment, null, h(antd.Badge!), h(antd.Badge!.Ribbon!)),
    Space: () => h(Fragment, null, h(antd.Space!), h(antd.Space!.Compact!, null, h(antd.Button!), h(antd.Space!.Addon!, null, '1'))),
    Input: () => h(Fragment, null, h(antd.Input!), h(antd.Input!.Search!), h(antd.Input!.TextArea!), h(antd.Input!.Password!)),
    Modal: () =>
      h(Fragment, null, h(antd.Modal!), h(antd.Modal!._InternalPanelDoNotUseOrYouWillBeFired!), h(antd.Modal!._InternalPanelDoNotUseOrYouWillBeFired!, { type: 'confirm' })),
    message: () => h(antd.message!._InternalPanelDoNotUseOrYouWillBeFired!),
    notification: () => h(antd.notification!._InternalPanelDoNotUseOrYouWillBeFired!),
    Layout: () => h(antd.Layout!, null, h(antd.Layout!.Header!), h(antd.Layout!.Sider!), h(antd.Layout!.Content!), h(antd.Layout!.Footer!)),
    Table: () => h(antd.Table!, { columns: [{ key: 'a', title: 'a', filters: [{ text: 'a', value: 'a' }], sorter: true }], dataSource: [{ key: 1 }], rowSelection: {} }),
  };
  const cache = createCache();
  const theme = { token: THEME_TOKENS, components: THEME_COMPONENTS, hashed: false };
  const render = (names: readonly string[]) => {
    for (const name of names) {
      if (!antd[name]) throw new Error(`antdStyles: antd has no ${name}`);
      renderToString(h(StyleProvider, { cache }, h(antd.ConfigProvider!, { theme }, special[name]?.() ?? h(antd[name]))));
    }
    // the rules only (the CSS variables are antd's at run time), each once over both sheets
    return extractStyle(cache, { plain: true, types: ['style'], once: true }).replace(/\.data-ant-cssinjs-cache-path\{[^}]*\}/, '');
  };
  const warn = console.error;
  console.error = () => undefined; // antd's warnings about bare elements (a Menu without items, …)
  try {
    const first = render(FIRST);
    return { 'virtual:antd-first.css': first, 'virtual:antd.css': render(ALL) };
  } finally {
    console.error = warn;
  }
}

const FILES = { 'virtual:antd-first.css': FIRST, 'virtual:antd.css': ALL } as const;
// a path-like id ending in .css, so Vite's CSS pipeline takes the module (a \0 id would skip it)
const PREFIX = '/@antd-styles/';

export function antdStyles(): Plugin {
  let built: Record<keyof typeof FILES, string> | undefined;
  return {
    name: 'cargodesk-antd-styles',
    resolveId(id) {
      return id in FILES ? PREFIX + id.slice('virtual:'.length) : undefined;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return undefined;
      const key = `virtual:${id.slice(PREFIX.length)}` as keyof typeof FILES;
      if (!(key in FILES)) return undefined;
      built ??= extract();
      return built[key];
    },
  };
}
