import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { CONSOLE_BG, contrast, MIN_CONTRAST, readable, readableTheme } from './readable-theme';

/** Theme colours an admin may pick: the console's default, antd's, and a few far from blue. */
const THEME_COLORS = ['#165DFF', '#1677ff', '#722ed1', '#13c2c2', '#f5222d', '#52c41a', '#000000'];

describe('contrast and readable', () => {
  it("measure as WCAG does: black on white 21:1, antd's secondary text 3.4:1", () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeCloseTo(3.36, 1);
  });

  it('keep a colour that reads; darken on light, lighten on dark until it does', () => {
    expect(readable('#000000', '#ffffff')).toBe('#000000');
    const onLight = readable('#52c41a', '#f6ffed');
    expect(contrast(onLight, '#f6ffed')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    const onDark = readable('#1668dc', '#141414', '#000000');
    expect(contrast(onDark, '#141414', '#000000')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    // Darkened or lightened, not turned grey: blue stays the strongest channel.
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(onDark.slice(i, i + 2), 16));
    expect(b).toBeGreaterThan(Math.max(r!, g!));
  });
});

describe.each([false, true])('readableTheme (dark: %s)', (dark) => {
  it.each(THEME_COLORS)('gives text of at least 4.5:1 for theme colour %s', (color) => {
    const config = readableTheme(dark, color);
    const algorithm = dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm;
    // What antd makes of the overrides, seed tokens included.
    const t = antdTheme.getDesignToken({
      algorithm,
      token: { colorPrimary: color, ...config.token },
    });
    const base = dark ? '#000000' : '#ffffff';
    const backgrounds = [t.colorBgContainer, CONSOLE_BG[dark ? 1 : 0]];
    const texts = {
      colorLink: t.colorLink,
      colorLinkHover: t.colorLinkHover,
      colorTextSecondary: t.colorTextSecondary,
      colorTextDescription: t.colorTextDescription,
      ...(config.components?.Typography as Record<string, string>),
      pageNumber: (config.components?.Pagination as Record<string, string>).itemActiveColor!,
      radio: (config.components?.Radio as Record<string, string>).colorPrimary!,
      tab: (config.components?.Tabs as Record<string, string>).itemSelectedColor!,
      formError: (config.components?.Form as Record<string, string>).colorError!,
      emptyTable: (config.components?.Table as Record<string, string>).colorTextDisabled!,
    };
    for (const [name, text] of Object.entries(texts)) {
      for (const bg of backgrounds) {
        expect(contrast(text, bg, base), `${name} ${text} on ${bg}`).toBeGreaterThanOrEqual(
          MIN_CONTRAST,
        );
      }
    }
    // A tag's text on its own tint.
    const tag = config.components?.Tag as Record<string, string>;
    const palette = t as unknown as Record<string, string>;
    for (const s of ['Success', 'Info', 'Error', 'Warning']) {
      const bg = palette[`color${s}Bg`]!;
      expect(contrast(tag[`color${s}`]!, bg, t.colorBgContainer), s).toBeGreaterThanOrEqual(
        MIN_CONTRAST,
      );
    }
    for (const p of ['blue', 'purple', 'green', 'gold', 'cyan', 'red']) {
      expect(
        contrast(tag[`${p}7`]!, palette[`${p}1`]!, t.colorBgContainer),
        p,
      ).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
  });
});

it('darkens a danger button in the light, for its red text and for white text on its red', () => {
  const red = (readableTheme(false, '#165DFF').components?.Button as Record<string, string>)
    .colorError!;
  expect(contrast(red, '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
  expect(contrast('#ffffff', red)).toBeGreaterThanOrEqual(MIN_CONTRAST);
});

it("darkens a count badge's red under its white number, in both themes", () => {
  for (const dark of [false, true]) {
    const red = (readableTheme(dark, '#165DFF').components?.Badge as Record<string, string>)
      .colorError!;
    expect(contrast('#ffffff', red)).toBeGreaterThanOrEqual(MIN_CONTRAST);
  }
});

it("leaves a primary button's fill alone", () => {
  expect(readableTheme(false, '#165DFF').token).not.toHaveProperty('colorPrimary');
  expect(readableTheme(true, '#165DFF').token).not.toHaveProperty('colorPrimary');
});
