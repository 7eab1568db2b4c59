// The client's one Ant Design theme (given to the ConfigProvider in i18n/index.tsx). Every text
// colour it sets reads at 4.5:1 or more on the background it is shown on (WCAG 2 AA, checked by
// axe-core in test/e2e/a11y.spec.ts): antd's defaults do not (links #1677ff on white 4.1:1,
// placeholders 1.83:1, secondary text 3.36:1, gold, green and orange tags 2.75–3.37:1, danger
// buttons 3.26:1). Pages take their colours from here, never a colour of their own for text.
import type { ThemeConfig } from 'antd';

/** The brand blue: 5.28:1 on white. */
export const BRAND = '#1f6fb2';
/** The brand under the mouse: 6.78:1 on white. */
const BRAND_HOVER = '#1a5e98';
/** The light brand tint behind the selected menu entry and informational tags: the brand on it 4.71:1. */
const BRAND_TINT = '#ebf3f9';

/**
 * The text of the preset tags is their palette's 7th shade, on its 1st: where that is under 4.5:1,
 * the darker shade (gold 2.75 → 6.53, green 3.37 → 5.44, orange 3.33 → 5.09, cyan 3.39 → 5.82,
 * volcano 4.37 → 6.38, lime 2.48 → 6.62, yellow 2.05 → 5.15). Each under both of antd's names
 * (`green7` and `green-7`), which give one CSS variable: the dashed one would otherwise win.
 */
const TAG_TEXT = { gold: '#874d00', green: '#237804', orange: '#ad4e00', cyan: '#006d75', volcano: '#ad2102', lime: '#3f6600', yellow: '#876800' } as const;
const tagTokens = Object.fromEntries(
  Object.entries(TAG_TEXT).flatMap(([name, colour]) => [
    [`${name}7`, colour],
    [`${name}-7`, colour],
  ]),
) as Partial<Record<`${keyof typeof TAG_TEXT}7` | `${keyof typeof TAG_TEXT}-7`, string>>;

export const THEME_TOKENS = {
  ...tagTokens,
  colorPrimary: BRAND,
  colorPrimaryBg: BRAND_TINT,
  // under the mouse a control darkens instead of antd's lighter blue (#3f8abf, 3.75:1): 6.78:1, as
  // text on white and as the background of white text
  colorPrimaryHover: BRAND_HOVER,
  colorPrimaryTextHover: BRAND_HOVER,
  // links and link buttons: antd derives them from its own blue (#1677ff, 4.1:1), not the primary;
  // under the mouse antd's #64a4cc was 2.72:1
  colorLink: BRAND,
  colorLinkHover: BRAND_HOVER,
  // "processing" tags and info alerts
  colorInfo: BRAND,
  colorInfoBg: BRAND_TINT,
  // secondary text, descriptions, breadcrumbs, empty lists: 5.27:1 even on the grey page (#f5f5f5)
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
  // danger buttons (red text on white, white on red) and error texts: 5.57:1
  colorError: '#cf1322',
  // success: the percentage of a finished progress bar, success texts and tags (5.44:1 on white),
  // its tint kept light
  colorSuccess: '#237804',
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#b7eb8f',
  colorSuccessText: '#237804',
  colorWarningText: '#874d00',
  borderRadius: 4,
} satisfies ThemeConfig['token'];

/** Per component: an empty table's or list's text is antd's disabled grey (1.83:1), though nothing is disabled. */
export const THEME_COMPONENTS = {
  Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
  List: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
} satisfies ThemeConfig['components'];
