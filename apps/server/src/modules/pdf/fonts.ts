/*
 * Text widths in the built-in Helvetica, for what is laid out here rather than by react-pdf: the
 * cells of the tables (./table.tsx) and the labels of the charts (./charts.tsx). They come from the
 * very fonts react-pdf lays out and draws text with, kerning included.
 */
import { Font } from '@react-pdf/renderer';

export type FontName = 'Helvetica' | 'Helvetica-Bold';

const DESCRIPTORS = {
  Helvetica: { fontFamily: 'Helvetica', fontWeight: 400 },
  'Helvetica-Bold': { fontFamily: 'Helvetica', fontWeight: 700 },
} as const satisfies Record<FontName, { fontFamily: string; fontWeight: number }>;

/** What react-pdf's font store holds for a loaded font: advances in thousandths of the size. */
interface Metrics {
  layout(text: string): { positions: readonly { xAdvance: number }[] };
}

/*
 * Advances (thousandths of the size) by character, and kerning by pair of characters, filled as
 * they are first met: bounded by the character set, and holding no one's text.
 */
const advances: Record<FontName, Map<string, number>> = {
  Helvetica: new Map(),
  'Helvetica-Bold': new Map(),
};
const kerning: Record<FontName, Map<string, number>> = {
  Helvetica: new Map(),
  'Helvetica-Bold': new Map(),
};

/** Loads both fonts into react-pdf's font store: once, then at once. */
export async function loadFonts(): Promise<void> {
  await Promise.all(Object.values(DESCRIPTORS).map((descriptor) => Font.load(descriptor)));
}

function metrics(font: FontName): Metrics {
  const data: unknown = Font.getFont(DESCRIPTORS[font]).data;
  if (data === null) throw new Error('loadFonts() must come before text is measured');
  return data as Metrics;
}

/** The width of a text as the font lays it out, in thousandths of the size. */
function layoutWidth(font: FontName, text: string): number {
  let width = 0;
  for (const position of metrics(font).layout(text).positions) width += position.xAdvance;
  return width;
}

function advance(font: FontName, character: string): number {
  let width = advances[font].get(character);
  if (width === undefined) {
    width = layoutWidth(font, character);
    advances[font].set(character, width);
  }
  return width;
}

function kern(font: FontName, pair: string, left: string, right: string): number {
  let amount = kerning[font].get(pair);
  if (amount === undefined) {
    amount = layoutWidth(font, pair) - advance(font, left) - advance(font, right);
    kerning[font].set(pair, amount);
  }
  return amount;
}

/** A text's width in points at a font size. */
export function textWidth(text: string, font: FontName, size: number): number {
  let thousandths = 0;
  let previous: string | undefined;
  for (const character of text) {
    thousandths += advance(font, character);
    if (previous !== undefined)
      thousandths += kern(font, previous + character, previous, character);
    previous = character;
  }
  return (thousandths / 1000) * size;
}
