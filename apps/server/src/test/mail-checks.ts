import { expect } from 'vitest';

/** Words of health: no mail may hold them, whoever it goes to (mail is not a safe place). */
const HEALTH_WORDS =
  /\b(risk|carrier status|diagnos\w*|disease|variant|genotype|percentile|predisposition|HBB|CFTR|diabetes|thalassemia|cystic fibrosis|sickle|polygenic|embryo \d)\b|\d+(\.\d+)?\s?%/i;

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&nbsp;': ' ',
};

function decode(html: string): string {
  return html.replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** What a reader of the HTML part sees: no tags, no head, no hidden preview text. */
function visibleText(html: string): string {
  return decode(
    html
      .replace(/<head[\s\S]*?<\/head>/i, ' ')
      .replace(/<div[^>]*display:none[\s\S]*?<\/div>/gi, ' ')
      .replace(/<[^>]+>/g, ' '),
  ).replace(/\s+/g, ' ');
}

/**
 * The checks every mail passes: an HTML part and a plain-text part; the brand's header in both;
 * the same links in both; every link of the HTML also written out as text; no health data.
 */
export function expectWellFormedMail(
  parts: { html?: string | false | undefined; text?: string | undefined },
  brand: { productName: string },
): { links: string[] } {
  const { html, text } = parts;
  if (typeof html !== 'string' || text === undefined) {
    throw new Error('the mail lacks its HTML or its plain-text part');
  }
  expect(html).toMatch(/^<!DOCTYPE html/i);
  // The header: the product's name, in the HTML as text (no image to fetch), and atop the text.
  expect(html).not.toMatch(/<img\b/i);
  expect(visibleText(html).trim().startsWith(brand.productName)).toBe(true);
  expect(text.startsWith(`${brand.productName}\n`)).toBe(true);

  const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((match) => decode(match[1] ?? ''));
  const webLinks = [...new Set(hrefs.filter((href) => !href.startsWith('mailto:')))].sort();
  const textLinks = [...new Set(text.match(/https?:\/\/\S+/g) ?? [])].sort();
  expect(webLinks).toEqual(textLinks);
  const seen = visibleText(html);
  for (const href of hrefs) {
    // Written out: the address itself is on the page, not only behind a button.
    expect(seen).toContain(href.replace(/^mailto:/, ''));
    expect(text).toContain(href.replace(/^mailto:/, ''));
  }

  const withoutLinks = (words: string) => words.replace(/https?:\/\/\S+/g, ' ');
  expect(withoutLinks(seen)).not.toMatch(HEALTH_WORDS);
  expect(withoutLinks(text)).not.toMatch(HEALTH_WORDS);
  return { links: textLinks };
}
