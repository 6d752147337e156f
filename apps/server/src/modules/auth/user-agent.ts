/**
 * A browser and its system named from a User-Agent header, for the member's list of signed-in sessions
 * (docs/product.md, "Account security"). Names are the products' own (not translated); what is not
 * recognised is null and the screen says "unknown". Order matters: many browsers name Chrome and Safari too.
 */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bZalo/i, 'Zalo'],
  [/\bFBA[NV]\//, 'Facebook'],
  [/\bEdg(A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bCocCoc\b|coc_coc_browser/i, 'Cốc Cốc'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\b(FxiOS|Firefox)\//, 'Firefox'],
  [/\b(CriOS|Chrome|Chromium|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (table: readonly [RegExp, string][], text: string) =>
  table.find(([pattern]) => pattern.test(text))?.[1] ?? null;

export function describeUserAgent(userAgent: string | null | undefined): {
  browser: string | null;
  system: string | null;
} {
  if (!userAgent) return { browser: null, system: null };
  return { browser: first(BROWSERS, userAgent), system: first(SYSTEMS, userAgent) };
}
