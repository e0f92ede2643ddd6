/*
 * WCAG 2.1 contrast of sRGB colors, for the theme's tests and the server's check of a lab's
 * color (BRAND_COLOR).
 */

export type Rgb = readonly [red: number, green: number, blue: number];

/** '#rgb' or '#rrggbb' as 0-255 channels; throws on anything else. */
export function hexToRgb(color: string): Rgb {
  if (!/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(color)) {
    throw new Error(`Not a #rrggbb color: ${color}`);
  }
  const hex = color.length === 4 ? color.replace(/[0-9a-f]/gi, '$&$&') : color;
  return [1, 3, 5].map((start) =>
    Number.parseInt(hex.slice(start, start + 2), 16),
  ) as unknown as Rgb;
}

/** WCAG 2.1's relative luminance. */
function relativeLuminance(color: string): number {
  const [red, green, blue] = hexToRgb(color).map((channel) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** WCAG 2.1's contrast ratio of two colors, from 1 (the same) to 21 (black on white); 4.5 is
 * AA's minimum for text. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort(
    (a, b) => b - a,
  ) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}
