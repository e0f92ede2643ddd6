/*
 * A report version as a PDF (ADR 009, 'PDFs'), rendered on the server with
 * @react-pdf/renderer. The pages are laid out in ./report-document.tsx; this module renders them
 * and keeps recent renders.
 *
 * Health data never reaches a log from here: errors carry no content.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { renderToBuffer } from '@react-pdf/renderer';
import { PdfCache } from './pdf-cache.ts';
import { loadFonts } from './fonts.ts';
import {
  reportDocument,
  type ReportPdfOptions,
  type ReportVersionForPdf,
} from './report-document.tsx';
import { usDateFromDate } from '@nestling/shared/report-wording';

export type { ReportPdfOptions, ReportVersionForPdf } from './report-document.tsx';

/**
 * Everything a PDF is made from. The PDF states the day it was made, not the time (and its
 * metadata the start of that UTC day), so the same version asked for twice in a day is the same
 * PDF, and a cache can answer the second time.
 */
function documentInputs(report: ReportVersionForPdf, options: ReportPdfOptions) {
  const madeAt = options.generatedAt;
  return {
    report,
    productName: options.productName,
    companyName: options.companyName,
    madeOn: usDateFromDate(madeAt),
    creationDate: new Date(
      Date.UTC(madeAt.getUTCFullYear(), madeAt.getUTCMonth(), madeAt.getUTCDate()),
    ),
  };
}

type DocumentInputs = ReturnType<typeof documentInputs>;

/**
 * A SHA-256 of every input: the content (without what is held back from this reader), version,
 * changelog, names, the count held back, brand and day.
 */
function cacheKey(inputs: DocumentInputs): string {
  const { report } = inputs;
  return createHash('sha256')
    .update(
      JSON.stringify([
        report.content,
        report.version,
        report.changelog ?? null,
        report.people,
        report.heldBack ?? 0,
        inputs.productName,
        inputs.companyName,
        inputs.madeOn,
      ]),
    )
    .digest('hex');
}

/*
 * A render takes tens of milliseconds of CPU, and the same version is asked for again
 * (a download, then the archive; two partners of a couple). Kept: the 24 most recently used
 * PDFs within 24 MB (an individual report is about 100 kB), keyed on every input above. A new
 * version, changelog or name is a new key, so nothing stale is served.
 */
const cache = new PdfCache({ maxEntries: 24, maxBytes: 24 * 1024 * 1024 });

async function render(inputs: DocumentInputs): Promise<Buffer> {
  await loadFonts();
  return renderToBuffer(reportDocument(inputs.report, inputs));
}

/** The PDF of one report version, whole, as the HTTP answer or a ZIP entry needs it. */
export async function renderReportPdf(
  report: ReportVersionForPdf,
  options: ReportPdfOptions,
): Promise<Buffer> {
  const inputs = documentInputs(report, options);
  return cache.get(cacheKey(inputs), () => render(inputs));
}

/** The same PDF as a stream, for a ZIP built as a stream. */
export async function renderReportPdfStream(
  report: ReportVersionForPdf,
  options: ReportPdfOptions,
): Promise<NodeJS.ReadableStream> {
  return Readable.from([await renderReportPdf(report, options)], { objectMode: false });
}

/** A render that neither reads nor fills the cache: what the bench times. */
export async function renderReportPdfUncached(
  report: ReportVersionForPdf,
  options: ReportPdfOptions,
): Promise<Buffer> {
  return render(documentInputs(report, options));
}
