import { theme as antdTheme, type ThemeConfig } from 'antd';

/**
 * WCAG AA for text: 4.5:1 between a text's colour and what it is painted on. antd's defaults
 * miss it in places operators read all day (measured in Chromium over the console's pages):
 * light: secondary text 3.4:1, a green "enabled" tag 2.2:1, links 4.1:1; dark: links 3.6:1, blue
 * and purple tags 3.4:1, the current page number and a chosen radio button 2.9:1.
 */
export const MIN_CONTRAST = 4.5;

type Rgb = readonly [number, number, number];

/** `#rgb`, `#rrggbb` or `rgb(a)(…)`: its channels and its alpha (1 when it has none). */
function parse(color: string): { rgb: Rgb; alpha: number } {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((c) => c + c).join('') : hex[1]!;
    return {
      rgb: [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as unknown as Rgb,
      alpha: 1,
    };
  }
  const parts = (color.match(/[\d.]+/g) ?? []).map(Number);
  return { rgb: [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0], alpha: parts[3] ?? 1 };
}

/** A colour painted over an opaque background. */
function over(color: string, background: Rgb): Rgb {
  const { rgb, alpha } = parse(color);
  return rgb.map((c, i) => c * alpha + background[i]! * (1 - alpha)) as unknown as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const f = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}

/** WCAG's contrast ratio of a text colour (alpha allowed) on a background (painted on `base`). */
export function contrast(text: string, background: string, base = '#ffffff'): number {
  const bg = over(background, parse(base).rgb);
  const [a, b] = [luminance(over(text, bg)), luminance(bg)].sort((x, y) => y - x);
  return (a! + 0.05) / (b! + 0.05);
}

const toHex = (rgb: Rgb) =>
  '#' + rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('');

/**
 * The colour itself when it reads on the background; else the first mix of it towards black (on
 * a light background) or white (on a dark one), in 2 % steps, that does. The hue stays.
 */
export function readable(text: string, background: string, base = '#ffffff'): string {
  if (contrast(text, background, base) >= MIN_CONTRAST) return text;
  const bg = over(background, parse(base).rgb);
  const towards = luminance(bg) > 0.18 ? 0 : 255;
  const start = over(text, bg);
  for (let step = 0.02; step <= 1; step += 0.02) {
    const mixed = toHex(start.map((c) => c + (towards - c) * step) as unknown as Rgb);
    if (contrast(mixed, background, base) >= MIN_CONTRAST) return mixed;
  }
  return towards === 0 ? '#000000' : '#ffffff';
}

/** The page's background around the cards, light and dark (`--console-bg`, src/layout/layout.css). */
export const CONSOLE_BG = ['#f4f6fb', '#17171a'] as const;

/**
 * The seed whose dark-theme colour is `target`. antd takes an override of a seed token (such as
 * `colorLink`) as a seed and paints it at 85 % over #141414 in the dark (@ant-design/colors'
 * dark map, index 6); readable-theme.test.ts checks the result through antd itself.
 */
function darkSeedFor(target: string): string {
  const DARK_BG = 20;
  const seed = parse(target).rgb.map((c) =>
    Math.min(255, Math.max(0, (c - 0.15 * DARK_BG) / 0.85)),
  ) as unknown as Rgb;
  return toHex(seed);
}

const PRESETS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;
const STATUSES = ['Success', 'Info', 'Error', 'Warning'] as const;

/**
 * The token overrides that bring the console's text to 4.5:1 in either theme, derived from
 * antd's own tokens for the chosen theme colour, so a colour an admin picks is kept readable
 * too. Only text colours change: a primary button's fill, a tag's tint and border stay antd's.
 */
export function readableTheme(dark: boolean, themeColor: string): ThemeConfig {
  const algorithm = dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm;
  const t = antdTheme.getDesignToken({ algorithm, token: { colorPrimary: themeColor } });
  const page = t.colorBgContainer;
  const base = dark ? '#000000' : '#ffffff';
  // Text sits on the cards (antd's container colour) and on the console's page background
  // around them (the breadcrumb, the footer): it has to read on both.
  const onPage = (c: string) => readable(readable(c, page, base), CONSOLE_BG[dark ? 1 : 0], base);
  const palette = t as unknown as Record<string, string>;

  const tag: Record<string, string> = {};
  for (const s of STATUSES)
    tag[`color${s}`] = readable(palette[`color${s}`]!, palette[`color${s}Bg`]!, page);
  for (const p of PRESETS) tag[`${p}7`] = readable(palette[`${p}7`]!, palette[`${p}1`]!, page);

  const primaryText = onPage(t.colorPrimary);
  const link = onPage(t.colorLink);
  return {
    token: {
      // A seed token: antd derives the link colour from it rather than taking it as given.
      colorLink: dark ? darkSeedFor(link) : link,
      colorLinkHover: onPage(t.colorLinkHover),
      colorLinkActive: onPage(t.colorLinkActive),
      colorTextSecondary: onPage(t.colorTextSecondary),
      colorTextDescription: onPage(t.colorTextDescription),
    },
    components: {
      Tag: tag,
      Typography: {
        colorSuccessText: onPage(t.colorSuccessText),
        colorWarningText: onPage(t.colorWarningText),
        colorErrorText: onPage(t.colorErrorText),
        colorErrorTextHover: onPage(t.colorErrorTextHover),
        colorErrorTextActive: onPage(t.colorErrorTextActive),
      },
      // A danger text button ("Disable", "Delete") reads 3.3:1 in red on white. The same colour
      // fills a danger primary button under white text, so darker helps both in the light; in the
      // dark the two pull apart (4.4:1 each) and antd's red stays.
      Button: dark ? {} : { colorError: onPage(t.colorError) },
      // A count's white number on antd's red (the messages' unread counts): 3.3:1. Only the
      // badge's red darkens: it is only ever a fill under white, so in the dark too.
      Badge: { colorError: readable(t.colorError, '#ffffff') },
      // A form's messages ("Title is required") in red: 3.3:1 light, 4.4:1 dark.
      Form: { colorError: onPage(t.colorError) },
      Pagination: { itemActiveColor: primaryText, itemActiveColorHover: primaryText },
      Tabs: {
        itemSelectedColor: primaryText,
        itemActiveColor: primaryText,
        itemHoverColor: primaryText,
      },
      // A table's empty text ("No variables") is news, not a disabled control: antd paints it at 25 %.
      Table: { colorTextDisabled: onPage(t.colorTextDescription) },
      Radio: { colorPrimary: primaryText, colorPrimaryHover: primaryText },
    },
  };
}
