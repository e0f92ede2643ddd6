/*
 * A report version as a PDF (issue 4, item 8; ADR 009, 'PDFs'), rendered on the server with
 * @react-pdf/renderer so that it carries the same numbers, wording and charts as the page: the
 * sentences come from ./wording.ts and the charts from ./charts.ts, both built on
 * packages/shared/src/charts.ts.
 *
 * The built-in Helvetica is used: nothing is fetched at run time, and the PDF stays small. It
 * covers Latin-1 (WinAnsi), which is what the catalogue and the report contract hold; a lab's
 * free text outside it (a changelog in another script) would need an embedded font.
 *
 * Health data never reaches a log from here: errors carry no content.
 */
import { dotCount, ordinal, statedPercentile } from '@nestling/shared/charts';
import { getDisease } from '@nestling/shared/catalogue/diseases';
import { getTrait } from '@nestling/shared/catalogue/traits';
import type {
  CarrierMatch,
  ChildRiskRange,
  DiseaseResult,
  EmbryoReport,
  IndividualReport,
  JointReport,
  ReportContent,
  TestDetails,
  TraitResult,
  VariantFinding,
} from '@nestling/shared/contract/report';
import { joinWithAnd } from '@nestling/shared/text';
import {
  Document,
  type DocumentProps,
  Font,
  Page,
  StyleSheet,
  type Styles,
  Text,
  View,
  renderToBuffer,
  renderToStream,
} from '@react-pdf/renderer';
import { createElement as h, type ReactElement, type ReactNode } from 'react';
import { densityChart, dotGrid, pdfPalette } from './charts.ts';
import {
  absoluteRiskSentence,
  ancestryText,
  classificationText,
  inheritanceText,
  intervalText,
  modelText,
  pageNumberText,
  percentileSentence,
  populationRiskSentence,
  REPORT_KIND_TITLE,
  reportTestName,
  RESEARCH_USE_ONLY,
  RESEARCH_USE_ONLY_EXPLAINED,
  relativeRiskText,
  riskPercent,
  testTypeText,
  usDateFromDate,
  usDateFromIsoDate,
  zygosityText,
} from './wording.ts';

/** One stored version of a report (the report_version row) and whose it is. */
export interface ReportVersionForPdf {
  readonly content: ReportContent;
  readonly version: number;
  /** What changed since the previous version; null or absent for version 1. */
  readonly changelog?: string | null | undefined;
  /**
   * The names to print: the patient, or both partners of a couple. The content holds no names
   * (a lab sends none), so the caller passes them from the accounts.
   */
  readonly people: readonly string[];
}

export interface ReportPdfOptions {
  /** PRODUCT_NAME, e.g. 'Nestling'. */
  readonly productName: string;
  /** COMPANY_NAME, e.g. 'Nestling Genomics'. */
  readonly companyName: string;
  /** When the PDF is made, printed on the title page. */
  readonly generatedAt: Date;
}

/*
 * react-pdf breaks long words with hyphens by default. A gene, a variant or a model id split
 * across lines is easy to misread, and text read back from the PDF would no longer match, so
 * words are only ever broken at spaces. This is process-wide, and this module is the only
 * user of react-pdf.
 */
Font.registerHyphenationCallback((word) => [word]);

type Style = Styles[string];

const styles = StyleSheet.create({
  page: {
    paddingTop: 48,
    paddingBottom: 60,
    paddingHorizontal: 54,
    fontFamily: 'Helvetica',
    fontSize: 10,
    color: pdfPalette.text,
  },
  // Not on the page: react-pdf 4.9.0 draws nothing for a render-prop text (the page number)
  // that inherits a unitless line height from its page.
  flow: { lineHeight: 1.4 },
  brand: { fontSize: 10, color: pdfPalette.axis, marginBottom: 4 },
  title: { fontSize: 20, fontFamily: 'Helvetica-Bold', lineHeight: 1.2, marginBottom: 4 },
  subtitle: { fontSize: 13, marginBottom: 12 },
  meta: { marginBottom: 2 },
  ruo: {
    marginVertical: 10,
    padding: 8,
    borderWidth: 1.5,
    borderColor: pdfPalette.averageRing,
    borderRadius: 3,
  },
  ruoTitle: { fontFamily: 'Helvetica-Bold', fontSize: 12, textTransform: 'uppercase' },
  changes: {
    marginVertical: 10,
    padding: 8,
    backgroundColor: '#f1f3f5',
    borderRadius: 3,
  },
  h2: {
    fontSize: 14,
    fontFamily: 'Helvetica-Bold',
    marginTop: 16,
    marginBottom: 6,
  },
  h3: { fontSize: 11.5, fontFamily: 'Helvetica-Bold', marginBottom: 3 },
  paragraph: { marginBottom: 6 },
  lead: { fontFamily: 'Helvetica-Bold', fontSize: 10.5, marginBottom: 2 },
  disease: {
    marginBottom: 12,
    paddingTop: 8,
    borderTopWidth: 0.5,
    borderTopColor: '#ced4da',
  },
  chartsRow: { flexDirection: 'row', alignItems: 'flex-start', marginVertical: 6 },
  dotGridBox: { width: 96, marginRight: 18 },
  legend: { fontSize: 7.5, color: pdfPalette.axis, marginTop: 3 },
  facts: { flexDirection: 'row', flexWrap: 'wrap' },
  fact: { width: '50%', marginBottom: 2 },
  factLabel: { fontFamily: 'Helvetica-Bold' },
  table: { borderTopWidth: 0.5, borderTopColor: '#adb5bd', marginBottom: 8 },
  row: {
    flexDirection: 'row',
    borderBottomWidth: 0.5,
    borderBottomColor: '#ced4da',
    paddingVertical: 3,
  },
  headerCell: { fontFamily: 'Helvetica-Bold', fontSize: 8.5, paddingRight: 4 },
  cell: { fontSize: 8.5, paddingRight: 4 },
  footerLeft: {
    position: 'absolute',
    bottom: 28,
    left: 54,
    right: 160,
    fontSize: 8,
    color: pdfPalette.axis,
  },
  footerRight: {
    position: 'absolute',
    bottom: 28,
    left: 54,
    right: 54,
    textAlign: 'right',
    fontSize: 8,
    color: pdfPalette.axis,
  },
});

function p(text: string, style: Style = styles.paragraph): ReactElement {
  return h(Text, { style }, text);
}

function heading(text: string, minPresenceAhead = 80): ReactElement {
  // A heading never sits alone at the bottom of a page.
  return h(Text, { style: styles.h2, minPresenceAhead }, text);
}

interface Column<Row> {
  readonly title: string;
  /** Share of the table's width, e.g. '20%'. */
  readonly width: string;
  readonly value: (row: Row) => string;
}

function table<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): ReactElement {
  const header = h(
    View,
    { style: styles.row, wrap: false, minPresenceAhead: 20 },
    ...columns.map((column) =>
      h(
        Text,
        { key: column.title, style: [styles.headerCell, { width: column.width }] },
        column.title,
      ),
    ),
  );
  const body = rows.map((row, index) =>
    h(
      View,
      { key: index, style: styles.row, wrap: false },
      ...columns.map((column) =>
        h(
          Text,
          { key: column.title, style: [styles.cell, { width: column.width }] },
          column.value(row),
        ),
      ),
    ),
  );
  return h(View, { style: styles.table }, header, ...body);
}

function fact(label: string, value: string): ReactElement {
  return h(
    View,
    { style: styles.fact },
    h(Text, null, h(Text, { style: styles.factLabel }, `${label}: `), value),
  );
}

const findingColumns: readonly Column<VariantFinding>[] = [
  { title: 'Gene', width: '10%', value: (finding) => finding.gene },
  { title: 'Condition', width: '22%', value: (finding) => finding.condition },
  { title: 'Variant', width: '22%', value: (finding) => finding.variant },
  { title: 'Zygosity', width: '15%', value: (finding) => zygosityText(finding.zygosity) },
  {
    title: 'Classification',
    width: '15%',
    value: (finding) => classificationText(finding.classification),
  },
  { title: 'Inheritance', width: '16%', value: (finding) => inheritanceText(finding.inheritance) },
];

function findings(list: readonly VariantFinding[], none: string): ReactElement {
  return list.length === 0 ? p(none) : table(findingColumns, list);
}

/** Absolute risk first, in words and numbers, then the dot grid and the density chart. */
function diseaseSection(
  result: DiseaseResult,
  populationScores: readonly number[] | undefined,
  subject: { people: string; score: string; marker: string },
): ReactElement {
  const entry = getDisease(result.code);
  const name = entry.name === 'Unknown' ? `Unknown (${result.code})` : entry.name;
  const charts = h(
    View,
    { style: styles.chartsRow },
    h(
      View,
      { style: styles.dotGridBox },
      dotGrid({
        absoluteRisk: result.absoluteRisk,
        populationRisk: result.populationRisk,
        size: 96,
      }),
      p('Filled dots: people with this risk. Ringed: the population average.', styles.legend),
    ),
    populationScores === undefined
      ? null
      : densityChart({
          entry,
          populationScores,
          markers: [{ label: subject.marker, score: result.score }],
          width: 300,
          height: 110,
        }),
  );
  return h(
    View,
    { key: result.code, style: styles.disease, wrap: false },
    p(name, styles.h3),
    p(absoluteRiskSentence(result.code, result.absoluteRisk, subject.people), styles.lead),
    p(populationRiskSentence(result.populationRisk)),
    charts,
    h(
      View,
      { style: styles.facts },
      fact('Lifetime risk', riskPercent(result.absoluteRisk)),
      fact('Population average', riskPercent(result.populationRisk)),
      fact('Relative risk', relativeRiskText(result.relativeRisk)),
      fact('Uncertainty', intervalText(result.interval)),
      fact('Percentile', percentileSentence(result.percentile, subject.score)),
      fact('Model', modelText(result.model)),
    ),
  );
}

const HOW_TO_READ =
  'Each condition starts with the lifetime risk: out of 100 people with this genetic result, ' +
  'about how many develop it. The dots show the same number. The percentile says where the ' +
  'genetic score falls among other people; on its own it can make a small risk look large, so ' +
  'read it together with the lifetime risk. Most of the risk of common diseases does not come ' +
  'from genes: a higher risk is not a diagnosis, and a lower one is not a guarantee.';

function traitValue(trait: TraitResult): string {
  if (trait.predicted === undefined) return '-';
  const { value, unit } = trait.predicted;
  return unit === undefined ? String(value) : `${String(value)} ${unit}`;
}

function individualBody(content: IndividualReport): ReactNode[] {
  const subject = { people: 'people like you', score: 'Your score', marker: 'You' };
  return [
    heading('Your risk of common diseases'),
    p(HOW_TO_READ),
    ...content.diseases.map((result) =>
      diseaseSection(result, content.charts.density[result.code]?.values, subject),
    ),
    heading('Single-gene findings'),
    findings(content.monogenic, 'No single-gene findings were reported.'),
    ...(content.traits.length === 0
      ? []
      : [
          heading('Traits'),
          table<TraitResult>(
            [
              { title: 'Trait', width: '30%', value: (trait) => getTrait(trait.code).name },
              { title: 'Predicted', width: '22%', value: traitValue },
              {
                title: 'Percentile',
                width: '18%',
                value: (trait) =>
                  trait.percentile === undefined ? '-' : String(Math.floor(trait.percentile)),
              },
              { title: 'Model', width: '30%', value: (trait) => modelText(trait.model) },
            ],
            content.traits,
          ),
        ]),
  ];
}

const carrierColumns: readonly Column<CarrierMatch>[] = [
  { title: 'Gene', width: '10%', value: (match) => match.gene },
  { title: 'Condition', width: '26%', value: (match) => match.condition },
  { title: "Mother's variant", width: '20%', value: (match) => match.motherVariant },
  { title: "Father's variant", width: '20%', value: (match) => match.fatherVariant },
  { title: 'Chance for a child', width: '12%', value: (match) => riskPercent(match.childChance) },
  { title: 'Inheritance', width: '12%', value: (match) => inheritanceText(match.inheritance) },
];

/** 'Most of your children (95 in 100) would have a lifetime risk between 20.1% and 38.5%.' */
export function childRangeSentence(range: ChildRiskRange): string {
  const share = String(Math.round(range.coverage * 100));
  const { lowerName } = getDisease(range.code);
  return (
    `${share} in 100 of your possible children would have a lifetime risk of ${lowerName} ` +
    `between ${riskPercent(range.lower)} and ${riskPercent(range.upper)}; ` +
    `the expected risk is ${riskPercent(range.expected)}.`
  );
}

const childRiskColumns: readonly Column<ChildRiskRange>[] = [
  { title: 'Condition', width: '26%', value: (range) => getDisease(range.code).name },
  { title: 'Expected', width: '12%', value: (range) => riskPercent(range.expected) },
  {
    title: 'Range',
    width: '22%',
    value: (range) =>
      `${riskPercent(range.lower)} to ${riskPercent(range.upper)} (${String(Math.round(range.coverage * 100))} in 100)`,
  },
  { title: 'Population', width: '12%', value: (range) => riskPercent(range.populationRisk) },
  { title: 'Model', width: '28%', value: (range) => modelText(range.model) },
];

function childRiskBody(ranges: readonly ChildRiskRange[]): ReactNode[] {
  return [
    heading('The range of risk your children could have'),
    p(
      'For each condition, the lab simulated many children of the two of you. The range holds ' +
        'most of them; any one child can fall anywhere in it, or outside it.',
    ),
    ...ranges.map((range) =>
      h(
        View,
        { key: `range-${range.code}`, wrap: false, style: { marginBottom: 6 } },
        p(getDisease(range.code).name, styles.h3),
        p(childRangeSentence(range)),
      ),
    ),
    table(childRiskColumns, ranges),
  ];
}

function jointBody(content: JointReport): ReactNode[] {
  return [
    heading('Conditions you both carry'),
    content.carrierMatches.length === 0
      ? p('You do not both carry a variant for the same condition among the genes screened.')
      : table(carrierColumns, content.carrierMatches),
    heading("Mother's single-gene findings"),
    findings(content.mother.monogenic, 'No single-gene findings were reported for the mother.'),
    heading("Father's single-gene findings"),
    findings(content.father.monogenic, 'No single-gene findings were reported for the father.'),
    ...childRiskBody(content.childRisk),
  ];
}

function chromosomesText(embryo: EmbryoReport['embryos'][number]): string {
  const { status, detail } = embryo.chromosomes;
  if (status === 'euploid') return 'Euploid (expected chromosome count)';
  const word = status === 'aneuploid' ? 'Aneuploid' : 'Mosaic';
  return detail === undefined ? word : `${word}: ${detail}`;
}

function embryoBody(content: EmbryoReport): ReactNode[] {
  const embryos = [...content.embryos].sort((a, b) => a.priority - b.priority);
  const codes = content.childRisk.map((range) => range.code);
  const overview = table<EmbryoReport['embryos'][number]>(
    [
      { title: 'Priority', width: '10%', value: (embryo) => String(embryo.priority) },
      { title: 'Embryo', width: '10%', value: (embryo) => embryo.label },
      { title: 'Morphology', width: '12%', value: (embryo) => embryo.morphology },
      {
        title: 'Sex',
        width: '12%',
        value: (embryo) => (embryo.sex === 'not-reported' ? 'Not reported' : embryo.sex),
      },
      { title: 'Chromosomes', width: '30%', value: chromosomesText },
      {
        title: 'Single-gene findings',
        width: '26%',
        value: (embryo) =>
          [...embryo.monogenic, ...embryo.neurodevelopmentalVariants, ...embryo.cancerVariants]
            .map((finding) => `${finding.gene} ${finding.variant}`)
            .join('; ') || 'None',
      },
    ],
    embryos,
  );
  /*
   * Each condition as a table of the embryos rather than a density chart with a line per
   * embryo: react-pdf 4.9.0 failed to place that chart inside these sections (pdfkit:
   * 'unsupported number'), and the table holds the same numbers.
   */
  const perDisease = codes.map((code) => {
    const entry = getDisease(code);
    const results = embryos.flatMap((embryo) => {
      const result = embryo.diseases.find((disease) => disease.code === code);
      return result === undefined ? [] : [{ embryo, result }];
    });
    const first = results[0]?.result;
    return h(
      View,
      { key: `disease-${code}`, style: styles.disease, wrap: false },
      p(entry.name, styles.h3),
      first === undefined ? null : p(populationRiskSentence(first.populationRisk)),
      table<(typeof results)[number]>(
        [
          { title: 'Embryo', width: '10%', value: ({ embryo }) => embryo.label },
          {
            title: 'Lifetime risk, out of 100',
            width: '26%',
            value: ({ result }) =>
              `${dotCount(result.absoluteRisk * 100).inWords} (${riskPercent(result.absoluteRisk)})`,
          },
          {
            title: 'Percentile',
            width: '14%',
            value: ({ result }) => ordinal(statedPercentile(result.percentile)),
          },
          {
            title: 'Relative risk',
            width: '14%',
            value: ({ result }) => `${result.relativeRisk.toFixed(2)} times`,
          },
          {
            title: 'Uncertainty',
            width: '36%',
            value: ({ result }) => intervalText(result.interval),
          },
        ],
        results,
      ),
      first === undefined ? null : p(`Model: ${modelText(first.model)}.`, styles.legend),
    );
  });
  return [
    heading('How the embryos were ranked'),
    p(content.priorityMethod),
    heading('Embryos'),
    overview,
    heading('Each embryo, condition by condition'),
    p(HOW_TO_READ),
    ...perDisease,
    ...childRiskBody(content.childRisk),
  ];
}

function testDetailsSection(test: TestDetails, content: ReportContent): ReactNode[] {
  return [
    heading('Test details'),
    h(
      View,
      { style: styles.facts },
      fact('Test type', testTypeText(test.testType)),
      fact('Mean coverage', `${test.coverage.toFixed(1)}x`),
      fact('Genome build', test.genomeBuild),
      fact('Signed off', `${usDateFromIsoDate(test.signedOffOn)} by ${test.signedOffBy}`),
    ),
    ...test.ancestry.map((ancestry) => p(ancestryText(ancestry))),
    p('Genes screened for single-gene conditions', styles.h3),
    table(
      [
        { title: 'Gene', width: '15%', value: (gene) => gene.gene },
        { title: 'Condition', width: '55%', value: (gene) => gene.condition },
        { title: 'Inheritance', width: '30%', value: (gene) => inheritanceText(gene.inheritance) },
      ],
      content.genes,
    ),
    ...(content.variants.length === 0
      ? []
      : [
          p('Variants looked for specifically', styles.h3),
          table(
            [
              { title: 'Gene', width: '15%', value: (variant) => variant.gene },
              { title: 'Variant', width: '55%', value: (variant) => variant.variant },
              { title: 'Panel', width: '30%', value: (variant) => variant.panel },
            ],
            content.variants,
          ),
        ]),
  ];
}

function reportDocument(
  report: ReportVersionForPdf,
  options: ReportPdfOptions,
): ReactElement<DocumentProps> {
  const { content } = report;
  const testName = reportTestName(content);
  const signedOff = usDateFromIsoDate(content.test.signedOffOn);
  const ruo = content.test.researchUseOnly;
  const titlePage: ReactNode[] = [
    p(options.productName, styles.brand),
    p(testName, styles.title),
    p(REPORT_KIND_TITLE[content.kind], styles.subtitle),
    p(`Prepared for ${joinWithAnd(report.people)}`, styles.meta),
    p(`Version ${String(report.version)}, signed off on ${signedOff}`, styles.meta),
    p(`Signed off by ${content.test.signedOffBy}`, styles.meta),
    p(`PDF made on ${usDateFromDate(options.generatedAt)}`, styles.meta),
    ruo
      ? h(
          View,
          { style: styles.ruo },
          p(RESEARCH_USE_ONLY, styles.ruoTitle),
          p(RESEARCH_USE_ONLY_EXPLAINED, { marginBottom: 0 }),
        )
      : null,
    report.version > 1 && report.changelog
      ? h(
          View,
          { style: styles.changes },
          p(`What changed in version ${String(report.version)}`, styles.h3),
          p(report.changelog, { marginBottom: 0 }),
        )
      : null,
  ];
  const body =
    content.kind === 'individual'
      ? individualBody(content)
      : content.kind === 'joint'
        ? jointBody(content)
        : embryoBody(content);
  const footerLeft = [options.companyName, `${testName}, version ${String(report.version)}`]
    .concat(ruo ? [RESEARCH_USE_ONLY] : [])
    .join(' | ');
  const footer = [
    h(Text, { key: 'footer-left', style: styles.footerLeft, fixed: true }, footerLeft),
    h(Text, {
      key: 'footer-page',
      style: styles.footerRight,
      fixed: true,
      render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
        pageNumberText(pageNumber, totalPages),
    }),
  ];
  return h(
    Document,
    {
      title: `${testName}: ${REPORT_KIND_TITLE[content.kind]}, version ${String(report.version)}`,
      author: options.companyName,
      creator: options.productName,
      producer: options.productName,
      language: 'en-US',
    },
    h(
      Page,
      { size: 'LETTER', style: styles.page },
      // First, because react-pdf repeats a fixed element only on the pages from where it stands.
      ...footer,
      h(
        View,
        { style: styles.flow },
        ...titlePage,
        ...body,
        ...testDetailsSection(content.test, content),
      ),
    ),
  );
}

/** The PDF of one report version, whole, as the HTTP answer or a ZIP entry needs it. */
export async function renderReportPdf(
  report: ReportVersionForPdf,
  options: ReportPdfOptions,
): Promise<Buffer> {
  return renderToBuffer(reportDocument(report, options));
}

/** The same PDF as a stream, for a ZIP built as a stream. */
export async function renderReportPdfStream(
  report: ReportVersionForPdf,
  options: ReportPdfOptions,
): Promise<NodeJS.ReadableStream> {
  return renderToStream(reportDocument(report, options));
}
