import { contrastRatio, hexToRgb, type Rgb } from '@nestling/shared/contrast';

/**
 * A lab's brand color for the portal (BRAND_COLOR): the ten shades the theme draws with, and
 * the contrast checks that keep every text on them readable (WCAG 2.1 AA: 4.5:1 for text).
 */

/** The smallest contrast the brand color needs against white: white text on filled buttons,
 * and the color as link text on the page, are both text (WCAG 2.1 AA, 1.4.3). */
export const MIN_BRAND_CONTRAST = 4.5;

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

function isHexColor(text: string): boolean {
  return HEX_COLOR.test(text);
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** The color `amount` of the way from `from` to `to` (0 is `from`, 1 is `to`). */
function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return from.map(
    (channel, index) => channel + ((to[index] ?? 0) - channel) * amount,
  ) as unknown as Rgb;
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/**
 * How far each lighter shade (0–6) sits from white towards the brand color, and each darker
 * one (8, 9) from the color towards black. Shade 7 is the color itself, as the theme's own
 * teal is: filled buttons, links and the focus ring use it; shade 1 is the light variant's
 * background with shade 9 as its text.
 */
const TINTS = [0.08, 0.2, 0.38, 0.58, 0.74, 0.86, 0.94] as const;
const SHADES = [0.18, 0.34] as const;

/** The ten shades of the theme's primary color, lightest first, with `hex` as shade 7. */
export function brandShades(hex: string): string[] {
  const color = hexToRgb(hex);
  return [
    ...TINTS.map((amount) => toHex(mix(WHITE, color, amount))),
    toHex(color),
    ...SHADES.map((amount) => toHex(mix(color, BLACK, amount))),
  ];
}

/**
 * Why a brand color cannot be used, or null when it can: a #rrggbb color with at least 4.5:1
 * against white and against its own palest tint (shade 0), the lightest background the portal
 * puts links on (the sign-in page's panel).
 */
export function brandColorProblem(hex: string): string | null {
  if (!isHexColor(hex)) return 'must be a color written #rrggbb, such as #0c6b61';
  const palest = brandShades(hex)[0] ?? '#ffffff';
  const ratio = Math.min(contrastRatio(hex, '#ffffff'), contrastRatio(hex, palest));
  if (ratio >= MIN_BRAND_CONTRAST) return null;
  // Rounded down: 4.48 must not read as 4.5.
  const shown = (Math.floor(ratio * 10) / 10).toFixed(1);
  return (
    `has ${shown}:1 contrast against the portal's light backgrounds; white text on buttons and ` +
    `the color as link text need at least ${String(MIN_BRAND_CONTRAST)}:1. Choose a darker shade.`
  );
}
