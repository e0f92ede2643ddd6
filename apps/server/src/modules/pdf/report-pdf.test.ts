import { describePercentile, dotCount, formatRiskPercent } from '@nestling/shared/charts';
import { getDisease } from '@nestling/shared/catalogue/diseases';
import type { ReportPayload } from '@nestling/shared/contract/report';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { embryoReport, individualReports, jointReport } from '../demo-reports/payloads.ts';
import {
  renderReportPdf,
  renderReportPdfStream,
  renderReportPdfUncached,
  type ReportVersionForPdf,
} from './report-pdf.ts';

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
  const loading = getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  const document = await loading.promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : ''))
      .join('');
    pages.push(text.replace(/\s+/g, ' ').trim());
  }
  await loading.destroy();
  return pages;
}

function expectValidPdf(pdf: Buffer) {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.subarray(-8).toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
}

/** Every page numbered out of the total, and carrying the version and the sign-off. */
function expectRunningHeadAndFoot(pages: readonly string[], version: number, signOff: string) {
  pages.forEach((page, index) => {
    expect(page).toContain(`Page ${String(index + 1)} of ${String(pages.length)}`);
    expect(page).toContain(`Version ${String(version)} | Signed off on ${signOff}`);
  });
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

const SIGNER = 'Dr. Rowan Fictional, PhD, FACMG (Laboratory Director)';
const RESEARCH_USE_ONLY_TEXT = 'This report is for research use only.';

describe('renderReportPdf: the individual report', () => {
  const [version1, version2] = individualReports;
  if (version1 === undefined || version2 === undefined) throw new Error('Two demo versions');
  if (version2.content.kind !== 'individual') throw new Error('An individual report');
  const { diseases } = version2.content;
  let pdf: Buffer;
  let pages: string[];
  let text: string;

  beforeAll(async () => {
    pdf = await renderReportPdf(versionOf(version2, ['Iris Sample']), options);
    pages = await readPdfText(pdf);
    text = pages.join(' ');
  });

  it('is a compact PDF with the title, version, US sign-off date and changelog', () => {
    expectValidPdf(pdf);
    // 16 diseases with their charts, traits, findings and test details: five pages today.
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.length).toBeLessThanOrEqual(6);
    expect(text).toContain('Preconception Genetic Screening - 30x - Individual');
    expect(text).toContain('Prepared for Iris Sample');
    // Signed off 2025-01-27, in US format.
    expect(text).toContain('Version 2, signed off on 1/27/2025');
    expect(text).toContain(`Signed off by ${SIGNER}`);
    expect(text).toContain('PDF made on 1/5/2026');
    expect(text).toContain('What changed in version 2');
    expect(text).toContain('Added a beta-thalassemia carrier finding (HBB)');
    expect(text).not.toContain(RESEARCH_USE_ONLY_TEXT);
    expect(text).not.toContain('Research use only');
  });

  it('numbers every page and repeats the version and sign-off on it', () => {
    expectRunningHeadAndFoot(pages, 2, `1/27/2025 by ${SIGNER}`);
  });

  it('sums up every disease on the first page, absolute risk first', () => {
    const [first] = pages;
    expect(first).toContain(
      'Condition Lifetime risk Population average Relative risk Percentile 95% interval',
    );
    for (const result of diseases) {
      const risk = `${dotCount(result.absoluteRisk * 100).inWords} (${formatRiskPercent(result.absoluteRisk * 100)})`;
      const average = `${dotCount(result.populationRisk * 100).inWords} (${formatRiskPercent(result.populationRisk * 100)})`;
      expect(first).toContain(`${getDisease(result.code).name} ${risk} ${average}`);
    }
    // Read off the demo data by hand (aud: 17.6 % against 12 %, relative 1.47, 86th
    // percentile, interval 13.8 % to 22.4 %), so the test does not only restate the code.
    expect(first).toContain(
      'Alcohol Use Disorder About 18 in 100 (17.6%) About 12 in 100 (12.0%) 1.47 times 86th 13.8% to 22.4%',
    );
  });

  it('tells each disease in words and numbers, the absolute risk first', () => {
    for (const result of diseases) {
      const { inWords } = dotCount(result.absoluteRisk * 100);
      const percent = formatRiskPercent(result.absoluteRisk * 100);
      const average = dotCount(result.populationRisk * 100).inWords.toLowerCase();
      expect(text).toContain(
        `${getDisease(result.code).name} ${inWords} people like you develop ${getDisease(result.code).lowerName} in their lifetime (${percent}). ` +
          `In the general population it is ${average} (${formatRiskPercent(result.populationRisk * 100)}).`,
      );
      expect(text).toContain(
        `Relative risk: ${result.relativeRisk.toFixed(2)} times the population average`,
      );
      expect(text).toContain(`Percentile: Your score is ${describePercentile(result.percentile)}.`);
      expect(text).toContain(
        `Uncertainty: 95% interval: ${formatRiskPercent(result.interval.lower * 100)} to ${formatRiskPercent(result.interval.upper * 100)}`,
      );
      expect(text).toContain(`Model: ${result.model.id}, version ${result.model.version}`);
    }
    expect(text).toContain(
      'About 18 in 100 people like you develop alcohol use disorder in their lifetime (17.6%). In the general population it is about 12 in 100 (12.0%).',
    );
    expect(text).toContain('Your score is at the 86th percentile: higher than 86 of 100 people.');
    // An eponym keeps its capital inside a sentence (the catalogue's lowerName).
    expect(text).toContain("develop Alzheimer's disease in their lifetime");
    // One density chart per disease, each marking the patient.
    expect(occurrences(text, 'Percentile in the population')).toBe(diseases.length);
  });

  it('lists the traits, the single-gene findings and the test details', () => {
    expect(text).toContain('Height 162.8 cm 58th');
    expect(text).toContain('Eye Color Brown');
    // The carrier finding of version 2, in the findings table.
    expect(text).toContain(
      'HBB Beta-thalassemia NM_000518.5:c.92+1G>A Heterozygous (one copy) Pathogenic Autosomal recessive',
    );
    expect(text).toContain('30x whole genome');
    expect(text).toContain('GRCh38');
    expect(text).toContain('Mean coverage: 31.6x');
    expect(text).toContain('You: East Asian. The scores are calibrated for this ancestry.');
    expect(text).toContain('CFTR Cystic fibrosis Autosomal recessive');
    expect(text).toContain('CHD8 NM_001170629.2:c.2875C>T Neurodevelopmental');
  });

  it('has no changelog for version 1', async () => {
    const first = (
      await readPdfText(await renderReportPdf(versionOf(version1, ['Iris Sample']), options))
    ).join(' ');
    expect(first).toContain('Version 1, signed off on 11/18/2024');
    expect(first).not.toContain('What changed');
    expect(first).toContain('No single-gene findings were reported.');
  });

  it('marks a research-use-only report on its title page and on every page', async () => {
    const ruo: ReportPayload = {
      ...version1,
      content: { ...version1.content, test: { ...version1.content.test, researchUseOnly: true } },
    };
    const ruoPages = await readPdfText(
      await renderReportPdf(versionOf(ruo, ['Iris Sample']), options),
    );
    expect(ruoPages[0]).toContain(`RESEARCH USE ONLY ${RESEARCH_USE_ONLY_TEXT}`);
    for (const page of ruoPages) {
      expect(page).toContain('Nestling Genomics | Prepared for Iris Sample | Research use only');
    }
  });
});

describe('renderReportPdf: an individual report with a score not accurate enough (ADR 030)', () => {
  const [, version2] = individualReports;
  if (version2?.content.kind !== 'individual') throw new Error('An individual report');
  const weak = { minimumVarianceExplained: 0.5 };
  const content = {
    ...version2.content,
    diseases: version2.content.diseases.map((result) =>
      result.code === 'aud' ? { ...result, model: { ...result.model, ...weak } } : result,
    ),
    traits: version2.content.traits.map((trait) =>
      trait.code === 'height'
        ? { ...trait, model: { ...trait.model, varianceExplained: 0.4, ...weak } }
        : trait,
    ),
  };
  let text: string;

  beforeAll(async () => {
    const pdf = await renderReportPdfUncached(
      { ...versionOf(version2, ['Iris Sample']), content },
      options,
    );
    text = (await readPdfText(pdf)).join(' ');
  });

  it('says so in the summary, the block and the traits, without the numbers or charts', () => {
    expect(text).toContain(
      'Alcohol Use Disorder Not reported: the score is not accurate enough - - - -',
    );
    expect(text).toContain("Where a row says 'Not reported: the score is not accurate enough'");
    expect(text).toContain(
      'This score explains about 2% of the differences between people in their chance of alcohol use disorder; the lab reports a condition only when its score explains at least 50%.',
    );
    expect(text).not.toContain('(17.6%)');
    expect(text).not.toContain('develop alcohol use disorder in their lifetime');
    expect(text).toContain('Height Not reported: the score is not accurate enough -');
    expect(text).not.toContain('162.8 cm');
    // A density chart for every other condition only.
    expect(occurrences(text, 'Percentile in the population')).toBe(content.diseases.length - 1);
  });
});

describe('renderReportPdf: the joint report', () => {
  if (jointReport.content.kind !== 'joint') throw new Error('A joint report');
  const { childRisk } = jointReport.content;
  let pdf: Buffer;
  let pages: string[];
  let text: string;

  beforeAll(async () => {
    pdf = await renderReportPdf(versionOf(jointReport, ['Maya Demo', 'Daniel Demo']), options);
    pages = await readPdfText(pdf);
    text = pages.join(' ');
  });

  it('carries the couple, the version, the sign-off and the page numbers', () => {
    expectValidPdf(pdf);
    expect(pages.length).toBeLessThanOrEqual(5);
    expect(text).toContain('Preconception Genetic Screening - 30x');
    expect(text).toContain('Joint report for a couple');
    expect(text).not.toContain('Individual report');
    expect(text).toContain('Prepared for Maya Demo and Daniel Demo');
    expect(text).toContain('Version 1, signed off on 2/5/2025');
    expectRunningHeadAndFoot(pages, 1, `2/5/2025 by ${SIGNER}`);
  });

  it('gives the carrier match with both variants and the chance for a child', () => {
    expect(text).toContain(
      'GJB2 GJB2-related nonsyndromic hearing loss NM_004004.6:c.35del NM_004004.6:c.101T>C 25.0% Autosomal recessive',
    );
  });

  it("tells and draws each disease's range of risk for the couple's children", () => {
    for (const range of childRisk) {
      const lower = formatRiskPercent(range.lower * 100);
      const upper = formatRiskPercent(range.upper * 100);
      const expected = formatRiskPercent(range.expected * 100);
      expect(text).toContain(
        `95 in 100 of your possible children would have a lifetime risk of ${getDisease(range.code).lowerName} between ${lower} and ${upper}; the expected risk is ${expected}.`,
      );
      // The range chart's own labels.
      expect(text).toContain(`Expected ${expected}`);
    }
    expect(occurrences(text, 'Lifetime risk')).toBeGreaterThanOrEqual(childRisk.length);
  });
});

describe('renderReportPdf: the embryo report', () => {
  if (embryoReport.content.kind !== 'embryo') throw new Error('An embryo report');
  const { embryos, childRisk, priorityMethod } = embryoReport.content;
  const reported = childRisk.filter((range) => range.code !== 'isc');
  let pdf: Buffer;
  let pages: string[];
  let text: string;

  beforeAll(async () => {
    pdf = await renderReportPdf(
      versionOf(embryoReport, ['Elena Example', 'Owen Example']),
      options,
    );
    pages = await readPdfText(pdf);
    text = pages.join(' ');
  });

  it('carries the version, the sign-off, the ancestry and the page numbers', () => {
    expectValidPdf(pdf);
    // Six embryos and 15 diseases, each with two charts and a table: seven pages today.
    expect(pages.length).toBeLessThanOrEqual(8);
    expect(text).toContain('Embryo Genetic Screening');
    expect(text).toContain('Version 1, signed off on 3/10/2025');
    expectRunningHeadAndFoot(pages, 1, `3/10/2025 by ${SIGNER}`);
    expect(text).toContain(
      'Father: Admixed American. The scores are not calibrated for this ancestry',
    );
  });

  it("gives the lab's own words on how it ranked the embryos", () => {
    expect(text).toContain(`How the embryos were ranked ${priorityMethod}`);
  });

  it('lists each embryo with its chromosomes and single-gene findings', () => {
    // Read off the demo data: E4 carries two copies of the HBB variant, E6 is trisomic.
    expect(text).toContain(
      '4 E4 5AB Male Euploid (expected chromosome count) HBB NM_000518.5:c.92+1G>A (Beta-thalassemia): homozygous (two copies), pathogenic',
    );
    expect(text).toContain(
      '6 E6 4BC Female Aneuploid: Trisomy 16 (three copies of chromosome 16) None found',
    );
    expect(text).toContain('1 E1 5AA Female Euploid (expected chromosome count) None found');
  });

  it("gives every embryo's risk of every disease, with a density and a range chart each", () => {
    for (const range of reported) {
      const name = getDisease(range.code).name;
      expect(text).toContain(
        `${name} 95 in 100 of your possible children would have a lifetime risk of ${getDisease(range.code).lowerName}`,
      );
      expect(text).toContain(`Expected ${formatRiskPercent(range.expected * 100)}`);
      for (const embryo of embryos) {
        const result = embryo.diseases.find((disease) => disease.code === range.code);
        // A disease reported for one sex only has no result for an embryo of the other.
        if (result === undefined) continue;
        const risk = `${dotCount(result.absoluteRisk * 100).inWords} (${formatRiskPercent(result.absoluteRisk * 100)})`;
        expect(text).toContain(`${embryo.label} ${risk}`);
      }
    }
    // One density chart per disease (its axis title), each embryo marked on it and on the range.
    expect(occurrences(text, 'Percentile in the population')).toBe(reported.length);
    for (const embryo of embryos) {
      // The overview, then per disease its table row, density marker and range marker.
      expect(occurrences(text, embryo.label)).toBeGreaterThanOrEqual(
        1 + 3 * (embryo.diseases.length - 1),
      );
    }
  });

  it('says a condition whose score is not accurate enough is not reported, without its numbers (ADR 030)', () => {
    // The demo lab's threshold is 3 %; the ischemic stroke score explains 2 %.
    const stroke = childRisk.find((range) => range.code === 'isc');
    if (stroke === undefined) throw new Error('Ischemic stroke in the demo');
    expect(text).toContain(
      'Ischemic Stroke Not reported: the score is not accurate enough The lab does not give a number',
    );
    expect(text).toContain(
      'This score explains about 2% of the differences between people in their chance of ischemic stroke; the lab reports a condition only when its score explains at least 3%.',
    );
    expect(text).not.toContain(`Expected ${formatRiskPercent(stroke.expected * 100)} Ischemic`);
    expect(text).not.toMatch(/Ischemic Stroke 95 in 100/);
  });
});

describe('renderReportPdf: rendering again', () => {
  const [, version2] = individualReports;
  if (version2 === undefined) throw new Error('Two demo versions');

  it('answers the same version asked for twice in a day with the same PDF', async () => {
    const first = await renderReportPdf(versionOf(version2, ['Iris Sample']), options);
    const later = await renderReportPdf(versionOf(version2, ['Iris Sample']), {
      ...options,
      generatedAt: new Date('2026-01-05T23:59:00Z'),
    });
    expect(later.equals(first)).toBe(true);
    // What a render from scratch makes, byte for byte: the kept PDF is not a stale one.
    const fresh = await renderReportPdfUncached(versionOf(version2, ['Iris Sample']), options);
    expect(fresh.equals(first)).toBe(true);
  });

  it('makes a new PDF when anything printed changes', async () => {
    const base = versionOf(version2, ['Iris Sample']);
    const renamed = await readPdfText(
      await renderReportPdf({ ...base, people: ['Iris Renamed'] }, options),
    );
    expect(renamed.join(' ')).toContain('Prepared for Iris Renamed');
    const nextDay = await readPdfText(
      await renderReportPdf(base, { ...options, generatedAt: new Date('2026-01-06T00:01:00Z') }),
    );
    expect(nextDay.join(' ')).toContain('PDF made on 1/6/2026');
    const amended = await readPdfText(
      await renderReportPdf({ ...base, version: 3, changelog: 'Recalibrated.' }, options),
    );
    expect(amended.join(' ')).toContain('What changed in version 3 Recalibrated.');
  });

  it('streams the same bytes as the buffer', async () => {
    const report = versionOf(version2, ['Iris Sample']);
    const stream = await renderReportPdfStream(report, options);
    const chunks: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
    expect(Buffer.concat(chunks).equals(await renderReportPdf(report, options))).toBe(true);
  });
});
