import { describePercentile, dotCount, formatRiskPercent } from '@nestling/shared/charts';
import { getDisease } from '@nestling/shared/catalogue/diseases';
import type { ReportPayload } from '@nestling/shared/contract/report';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { embryoReport, individualReports, jointReport } from '../../db/demo-reports.ts';
import { renderReportPdf, type ReportVersionForPdf } from './report-pdf.ts';

const options = {
  productName: 'Nestling',
  companyName: 'Nestling Genomics',
  generatedAt: new Date('2026-01-05T15:00:00Z'),
};

function versionOf(payload: ReportPayload, people: string[]): ReportVersionForPdf {
  return {
    content: payload.content,
    version: payload.version,
    changelog: payload.changelog,
    people,
  };
}

/** Each page's text as a reader sees it: lines joined by a space, runs of spaces collapsed. */
async function readPdfText(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : ''))
      .join('');
    pages.push(text.replace(/\s+/g, ' ').trim());
  }
  await document.destroy();
  return pages;
}

function expectValidPdf(pdf: Buffer) {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.subarray(-8).toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
}

describe('renderReportPdf', () => {
  const [version1, version2] = individualReports;
  if (version1 === undefined || version2 === undefined) throw new Error('Two demo versions');

  it('renders the individual report with its numbers, version, sign-off and page numbers', async () => {
    const pdf = await renderReportPdf(versionOf(version2, ['Iris Sample']), options);
    expectValidPdf(pdf);
    const pages = await readPdfText(pdf);
    const text = pages.join(' ');

    expect(text).toContain('Preconception Genetic Screening - 30x - Individual');
    expect(text).toContain('Prepared for Iris Sample');
    // Signed off 2025-01-27, in US format.
    expect(text).toContain('Version 2, signed off on 1/27/2025');
    expect(text).toContain('What changed in version 2');
    expect(text).toContain('Added a beta-thalassemia carrier finding (HBB)');
    expect(text).not.toContain(RESEARCH_USE_ONLY_TEXT);

    // Every page is numbered out of the total.
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${String(index + 1)} of ${String(pages.length)}`);
    });
    expect(pages.length).toBeGreaterThan(2);

    if (version2.content.kind !== 'individual') throw new Error('An individual report');
    for (const result of version2.content.diseases) {
      const { inWords } = dotCount(result.absoluteRisk * 100);
      const percent = formatRiskPercent(result.absoluteRisk * 100);
      expect(text).toContain(
        `${inWords} people like you develop ${getDisease(result.code).lowerName} in their lifetime (${percent}).`,
      );
      expect(text).toContain(`Your score is ${describePercentile(result.percentile)}.`);
      expect(text).toContain(`${result.relativeRisk.toFixed(2)} times the population average`);
      expect(text).toContain(`${result.model.id}, version ${result.model.version}`);
    }
    // One read off the demo data by hand (aud: 17.6 %, score at the 86.x th percentile), so the
    // test does not only restate the code it checks.
    expect(text).toContain(
      'About 18 in 100 people like you develop alcohol use disorder in their lifetime (17.6%).',
    );
    expect(text).toContain('Your score is at the 86th percentile: higher than 86 of 100 people.');

    // The carrier finding of version 2, in the findings table.
    expect(text).toContain('NM_000518.5:c.92+1G>A');
    expect(text).toContain('Beta-thalassemia');
    // Test details.
    expect(text).toContain('30x whole genome');
    expect(text).toContain('GRCh38');
    expect(text).toContain('East Asian. The scores are calibrated for this ancestry.');
  });

  it('has no changelog for version 1', async () => {
    const pdf = await renderReportPdf(versionOf(version1, ['Iris Sample']), options);
    const text = (await readPdfText(pdf)).join(' ');
    expect(text).toContain('Version 1, signed off on 11/18/2024');
    expect(text).not.toContain('What changed');
    expect(text).toContain('No single-gene findings were reported.');
  });

  it('marks a research-use-only report on its title and on every page', async () => {
    const ruo: ReportPayload = {
      ...version1,
      content: { ...version1.content, test: { ...version1.content.test, researchUseOnly: true } },
    };
    const pages = await readPdfText(
      await renderReportPdf(versionOf(ruo, ['Iris Sample']), options),
    );
    expect(pages[0]).toContain(RESEARCH_USE_ONLY_TEXT);
    for (const page of pages) expect(page).toContain('Research use only');
  });

  it('renders the joint report with the carrier match and the children’s ranges', async () => {
    const pdf = await renderReportPdf(
      versionOf(jointReport, ['Maya Demo', 'Daniel Demo']),
      options,
    );
    expectValidPdf(pdf);
    const text = (await readPdfText(pdf)).join(' ');
    expect(text).toContain('Preconception Genetic Screening - 30x');
    expect(text).not.toContain('Individual report');
    expect(text).toContain('Prepared for Maya Demo and Daniel Demo');
    expect(text).toContain('Version 1, signed off on 2/5/2025');
    expect(text).toContain('NM_004004.6:c.35del');
    expect(text).toContain('25.0%');
    if (jointReport.content.kind !== 'joint') throw new Error('A joint report');
    for (const range of jointReport.content.childRisk.slice(0, 4)) {
      expect(text).toContain(
        `between ${formatRiskPercent(range.lower * 100)} and ${formatRiskPercent(range.upper * 100)}`,
      );
    }
  });

  it('renders the embryo report with each embryo and its chromosome finding', async () => {
    const pdf = await renderReportPdf(
      versionOf(embryoReport, ['Elena Example', 'Owen Example']),
      options,
    );
    expectValidPdf(pdf);
    const text = (await readPdfText(pdf)).join(' ');
    expect(text).toContain('Embryo Genetic Screening');
    expect(text).toContain('Version 1, signed off on 3/10/2025');
    expect(text).toContain('Aneuploid: Trisomy 16');
    expect(text).toContain('The scores are not calibrated for this ancestry');
    if (embryoReport.content.kind !== 'embryo') throw new Error('An embryo report');
    const first = embryoReport.content.embryos[0]?.diseases[0];
    expect(first).toBeDefined();
    if (first !== undefined) {
      expect(text).toContain(
        `${dotCount(first.absoluteRisk * 100).inWords} (${formatRiskPercent(first.absoluteRisk * 100)})`,
      );
    }
  });
});

const RESEARCH_USE_ONLY_TEXT = 'This report is for research use only.';
