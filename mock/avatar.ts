/**
 * Avatars as data: URLs (a coloured disc with the name's first character): the console's
 * Content-Security-Policy loads images only from itself and data:, and the sample data must not
 * depend on a third-party host.
 */
const COLOURS = ['#165DFF', '#0FC6C2', '#722ED1', '#F77234', '#00B42A', '#F53F3F', '#3491FA'];

export function avatarOf(name: string): string {
  let sum = 0;
  for (const char of name) sum += char.codePointAt(0) ?? 0;
  const colour = COLOURS[sum % COLOURS.length] ?? COLOURS[0];
  const initial = [...name][0] ?? '?';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<circle cx="32" cy="32" r="32" fill="${colour}"/>` +
    `<text x="32" y="42" font-size="28" text-anchor="middle" fill="#fff" ` +
    `font-family="sans-serif">${escapeXml(initial)}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
