import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A PDF's text as a reader sees it: pages joined, runs of spaces collapsed. */
export async function readPdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const loading = getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  const document = await loading.promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : ''))
        .join(''),
    );
  }
  await loading.destroy();
  return pages.join(' ').replace(/\s+/g, ' ').trim();
}
