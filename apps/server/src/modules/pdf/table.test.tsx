import { Document, Page, View, renderToBuffer } from '@react-pdf/renderer';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFonts } from './fonts.ts';
import { type Column, table } from './table.tsx';

/** Each page's text items: their text, left edge, width and baseline (from the page's top). */
async function readItems(pdf: Buffer) {
  const loading = getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  const document = await loading.promise;
  const pages = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const { height } = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    pages.push(
      content.items.flatMap((item) => {
        if (!('str' in item) || item.str.trim() === '') return [];
        const [, , , , x = 0, y = 0] = item.transform as number[];
        return [{ text: item.str, x, width: item.width, y: height - y }];
      }),
    );
  }
  await loading.destroy();
  return pages;
}

const MARGIN = 48;
const WIDTH = 612 - 2 * MARGIN;

/** A LETTER page paginated as the report's (see report-document.tsx), holding `children`. */
async function renderPage(children: ReactNode): Promise<Buffer> {
  return renderToBuffer(
    <Document>
      <Page size="LETTER" style={{ padding: MARGIN }} experimentalPagination>
        {children}
      </Page>
    </Document>,
  );
}

interface Finding {
  readonly gene: string;
  readonly note: string;
}

const columns: readonly Column<Finding>[] = [
  { title: 'Gene', width: 0.2, value: (row) => row.gene, bold: true },
  { title: 'Note', width: 0.3, value: (row) => row.note },
  { title: 'Gene again', width: 0.5, value: (row) => row.gene },
];

beforeAll(loadFonts);

describe('table', () => {
  it('wraps a long cell inside its column, words whole, and the next row below it', async () => {
    const note =
      'A note long enough to take several lines in a column of 155 points, with a ' +
      'Supercalifragilisticexpialidocious-Beta-thalassemia word wider than all of it';
    const pages = await readItems(
      await renderPage(
        table(
          columns,
          [
            { gene: 'HBB', note },
            { gene: 'CFTR', note: 'Short' },
          ],
          WIDTH,
        ),
      ),
    );
    expect(pages).toHaveLength(1);
    const items = pages[0] ?? [];
    const noteLines = items.filter((item) => Math.abs(item.x - (MARGIN + 0.2 * WIDTH)) < 0.5);
    // The header, at least four lines of the note, then 'Short'.
    expect(noteLines.length).toBeGreaterThanOrEqual(6);
    expect(noteLines.map((item) => item.text).join(' ')).toBe(`Note ${note} Short`);
    for (const line of noteLines) {
      if (line.text.startsWith('Supercalifragilistic')) continue;
      // Within the column and its padding: never into the next column's text.
      expect(line.x + line.width).toBeLessThanOrEqual(MARGIN + 0.5 * WIDTH);
    }
    const lastNoteLine = noteLines.at(-2);
    const nextRow = items.find((item) => item.text === 'CFTR');
    expect(lastNoteLine && nextRow && nextRow.y > lastNoteLine.y + 7.5).toBe(true);
  });

  it('repeats its header on the next page and never leaves that header alone there', async () => {
    // A table that ends within a few points of the foot of the page, for one of these offsets.
    const rows = Array.from({ length: 47 }, (_, index) => ({
      gene: `G${String(index + 1)}`,
      note: 'Pathogenic',
    }));
    for (let offset = 0; offset < 16; offset += 4) {
      const pages = await readItems(
        await renderPage(
          <>
            <View style={{ height: offset }} />
            {table(columns, rows, WIDTH)}
          </>,
        ),
      );
      for (const page of pages) {
        const texts = page.map((item) => item.text);
        expect(texts[0]).toBe('Gene');
        expect(texts).toContain('Pathogenic');
      }
      const genes = pages.flat().filter((item) => /^G\d+$/.test(item.text));
      // Each gene twice (two columns), in order, none lost at a page break.
      expect(genes.map((item) => item.text)).toEqual(rows.flatMap((row) => [row.gene, row.gene]));
    }
  });
});
