/*
 * Browsers name several engines in their user agent ('Edg/…' also says 'Chrome/…' and
 * 'Safari/…'), so the more specific names are tried first. Enough to tell a person's own devices
 * apart, not a full parser.
 */
const browsers: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(?:Headless)?Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const systems: readonly (readonly [RegExp, string])[] = [
  [/\biPad\b/, 'iPad'],
  [/\biPhone\b|\biPod\b/, 'iPhone'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function firstMatch(text: string, table: readonly (readonly [RegExp, string])[]) {
  return table.find(([pattern]) => pattern.test(text))?.[1];
}

/** 'Chrome on Linux', 'Safari on iPhone', 'Firefox', 'Unknown device' for a user agent. */
export function describeDevice(userAgent: string | null | undefined): string {
  const text = userAgent ?? '';
  const browser = firstMatch(text, browsers);
  const system = firstMatch(text, systems);
  if (browser !== undefined && system !== undefined) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
