/*
 * The report PDF's pages as react-pdf elements (ADR 009, 'PDFs'): the same
 * numbers, wording and charts as the page, the sentences from packages/shared/src/report-wording.ts and the charts from
 * ./charts.tsx, both built on packages/shared/src/charts.ts.
 *
 * Layout: a running header (the test, the version and the sign-off) and footer (the company, the
 * research-use marking, 'Page i of N') on every page; the title, then a table of every result at
 * a glance, then one block per disease. A block is never split across pages (wrap={false}), and
 * blocks flow several to a page rather than one per page. The tables are ./table.tsx's.
 *
 * Every text style sets its own font size and line height: react-pdf turns a unitless line
 * height into points using the font size of the style it is written in (18 when that style has
 * none), and hands those points down to every text below, whatever that text's size.
 *
 * The built-in Helvetica is used: nothing is fetched or embedded, and the PDF stays small. It
 * covers Latin-1 (WinAnsi), which is what the catalogue and the report contract hold; a lab's
 * free text outside it (a changelog in another script) would need an embedded font.
 */
import { getTrait } from '@nestling/shared/catalogue/traits';
import { UNKNOWN_NAME } from '@nestling/shared/catalogue/catalogue-entry';
import { getDisease } from '@nestling/shared/catalogue/diseases';
import type {
  CarrierMatch,
  ChildRiskRange,
  DiseaseResult,
  Embryo,
  EmbryoReport,
  IndividualReport,
  JointReport,
  ReportContent,
  TestDetails,
  TraitResult,
  VariantFinding,
} from '@nestling/shared/contract/report';
import {
  heldBackConditions,
  isTraitReportable,
  NOT_ACCURATE_ENOUGH,
  NOT_ACCURATE_ENOUGH_EXPLAINED,
  notAccurateEnoughDetail,
} from '@nestling/shared/risk/reportable';
import { reportRiskAxisTicks } from '@nestling/shared/charts';
import { joinWithAnd } from '@nestling/shared/text';
import {
  Document,
  type DocumentProps,
  Font,
  Page,
  type PageLayoutProps,
  StyleSheet,
  type Styles,
  Text,
  View,
} from '@react-pdf/renderer';
import type { ReactElement, ReactNode } from 'react';
import { densityChart, dotGrid, pdfPalette, rangeChart } from './charts.tsx';
import { type Column, table } from './table.tsx';
import {
  absoluteRiskSentence,
  ancestryText,
  childRangeSentence,
  chromosomesText,
  classificationText,
  confidenceText,
  diseaseName,
  findingText,
  inheritanceText,
  intervalCell,
  intervalText,
  modelText,
  pageNumberText,
  percentileCell,
  percentileSentence,
  populationRiskSentence,
  REPORT_KIND_TITLE,
  reportTestName,
  RESEARCH_USE_ONLY,
  RESEARCH_USE_ONLY_EXPLAINED,
  relativeRiskText,
  riskInWords,
  riskPercent,
  sexText,
  testTypeText,
  usDateFromIsoDate,
  zygosityText,
} from '@nestling/shared/report-wording';

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
  /**
   * How many sensitive results the content leaves out for this reader (ADR 022): the PDF says
   * that some are held back, never which.
   */
  readonly heldBack?: number | undefined;
}

export interface ReportPdfOptions {
  /** PRODUCT_NAME, e.g. 'Nestling'. */
  readonly productName: string;
  /** COMPANY_NAME, e.g. 'Nestling Genomics'. */
  readonly companyName: string;
  /** When the PDF is made; its day is printed on the title page. */
  readonly generatedAt: Date;
}

/*
 * react-pdf breaks long words with hyphens by default. A gene, a variant or a model id split
 * across lines is easy to misread, and text read back from the PDF would no longer match, so
 * words are only ever broken at spaces. This is process-wide, and this folder is the only
 * user of react-pdf.
 */
Font.registerHyphenationCallback((word) => [word]);

type Style = Styles[string];

const PAGE_MARGIN = { top: 30, bottom: 48, side: 48 } as const;
/** The width of the text on a page: LETTER is 612 points wide. */
const CONTENT_WIDTH = 612 - 2 * PAGE_MARGIN.side;
const RULE = '#ced4da';

/** A text style: its size, and its line height as a multiple of that size. */
function textStyle(fontSize: number, lineHeight: number, rest: Style = {}): Style {
  return { fontSize, lineHeight, ...rest };
}

const styles = StyleSheet.create({
  page: {
    paddingTop: PAGE_MARGIN.top,
    paddingBottom: PAGE_MARGIN.bottom,
    paddingHorizontal: PAGE_MARGIN.side,
    fontFamily: 'Helvetica',
    color: pdfPalette.text,
  },
  header: {
    borderBottomWidth: 0.5,
    borderBottomColor: RULE,
    paddingBottom: 4,
    marginBottom: 12,
  },
  headerText: textStyle(7.5, 1.3, { color: pdfPalette.axis }),
  // Both footers keep the default line height, so that their lines sit on one baseline.
  footerLeft: {
    position: 'absolute',
    bottom: 22,
    left: PAGE_MARGIN.side,
    right: 150,
    fontSize: 7.5,
    color: pdfPalette.axis,
  },
  footerMarking: { fontFamily: 'Helvetica-Bold', color: pdfPalette.averageRing },
  footerRight: {
    position: 'absolute',
    bottom: 22,
    left: PAGE_MARGIN.side,
    right: PAGE_MARGIN.side,
    textAlign: 'right',
    fontSize: 7.5,
    color: pdfPalette.axis,
  },
  brand: textStyle(9, 1.3, { color: pdfPalette.axis, marginBottom: 2 }),
  title: textStyle(18, 1.2, { fontFamily: 'Helvetica-Bold', marginBottom: 2 }),
  subtitle: textStyle(11.5, 1.3, { marginBottom: 8 }),
  metaGrid: { flexDirection: 'row', flexWrap: 'wrap', marginBottom: 4 },
  meta: textStyle(9, 1.35, { width: '50%', marginBottom: 1 }),
  ruo: {
    marginVertical: 6,
    padding: 7,
    borderWidth: 1.5,
    borderColor: pdfPalette.averageRing,
    borderRadius: 3,
  },
  ruoTitle: textStyle(10.5, 1.3, { fontFamily: 'Helvetica-Bold', textTransform: 'uppercase' }),
  boxText: textStyle(9, 1.35),
  changes: {
    marginVertical: 6,
    padding: 7,
    backgroundColor: '#f1f3f5',
    borderRadius: 3,
  },
  h2: textStyle(12.5, 1.25, { fontFamily: 'Helvetica-Bold', marginTop: 12, marginBottom: 4 }),
  h3: textStyle(10, 1.25, { fontFamily: 'Helvetica-Bold', marginBottom: 1.5 }),
  paragraph: textStyle(9, 1.35, { marginBottom: 5 }),
  lead: textStyle(9, 1.3, { fontFamily: 'Helvetica-Bold', marginBottom: 1.5 }),
  small: textStyle(8, 1.3),
  smallLabel: { fontFamily: 'Helvetica-Bold' },
  note: textStyle(7.5, 1.3, { color: pdfPalette.axis, marginTop: 2 }),
  block: {
    borderTopWidth: 0.5,
    borderTopColor: RULE,
    paddingTop: 6,
    paddingBottom: 7,
  },
  row: { flexDirection: 'row', alignItems: 'flex-start' },
  column: { flexGrow: 1, flexShrink: 1, flexBasis: 0 },
  facts: { flexDirection: 'row', flexWrap: 'wrap', marginBottom: 4 },
  fact: textStyle(9, 1.35, { width: '50%', marginBottom: 1 }),
});

function p(text: string, style: Style | Style[] = styles.paragraph): ReactElement {
  return <Text style={style}>{text}</Text>;
}

/** A section heading that never sits alone at the bottom of a page. */
function heading(text: string, minPresenceAhead = 90): ReactElement {
  return (
    <Text style={styles.h2} minPresenceAhead={minPresenceAhead}>
      {text}
    </Text>
  );
}

/**
 * A heading and its introduction kept on one page with the first of the blocks that follow
 * them, so that a heading never ends a page whatever a block's height.
 */
function withFirstBlock(lead: ReactNode, blocks: readonly ReactElement[]): ReactNode {
  const [first, ...rest] = blocks;
  if (first === undefined) return lead;
  return (
    <>
      <View key="lead" wrap={false}>
        {lead}
        {first}
      </View>
      {rest}
    </>
  );
}

/** 'Label: value' on a line of its own, the label in bold. */
function fact(label: string, value: string, style: Style = styles.small): ReactElement {
  return (
    <Text style={style}>
      <Text style={styles.smallLabel}>{`${label}: `}</Text>
      {value}
    </Text>
  );
}

/** Facts one below the other, as one text: each element costs react-pdf time on every pass. */
function facts(list: readonly (readonly [label: string, value: string])[]): ReactElement {
  return (
    <Text style={styles.small}>
      {list.flatMap(([label, value], index) => [
        <Text key={label} style={styles.smallLabel}>
          {`${label}: `}
        </Text>,
        index < list.length - 1 ? `${value}\n` : value,
      ])}
    </Text>
  );
}

const findingColumns: readonly Column<VariantFinding>[] = [
  { title: 'Gene', width: 0.09, value: (finding) => finding.gene },
  { title: 'Condition', width: 0.23, value: (finding) => finding.condition },
  { title: 'Variant', width: 0.23, value: (finding) => finding.variant },
  { title: 'Zygosity', width: 0.15, value: (finding) => zygosityText(finding.zygosity) },
  {
    title: 'Classification',
    width: 0.14,
    value: (finding) => classificationText(finding.classification),
  },
  { title: 'Inheritance', width: 0.16, value: (finding) => inheritanceText(finding.inheritance) },
];

function findings(list: readonly VariantFinding[], none: string): ReactElement {
  return list.length === 0 ? p(none) : table(findingColumns, list, CONTENT_WIDTH);
}

/** '95% interval' when every interval shares its confidence, else 'Interval' and per cell. */
function intervalColumn<Row>(
  intervals: readonly DiseaseResult['interval'][],
  of: (row: Row) => DiseaseResult['interval'],
  width: number,
): Column<Row> {
  const confidences = new Set(intervals.map((interval) => confidenceText(interval.confidence)));
  const [only] = confidences;
  return confidences.size === 1 && only !== undefined
    ? { title: `${only} interval`, width, value: (row) => intervalCell(of(row)) }
    : {
        title: 'Interval',
        width,
        value: (row) => `${confidenceText(of(row).confidence)}: ${intervalCell(of(row))}`,
      };
}

const HOW_TO_READ =
  'Each condition starts with the lifetime risk: out of 100 people with this genetic result, ' +
  'about how many develop it, next to the average for the general population. In the dot grid, ' +
  'filled dots are that risk and ringed dots the population average. The percentile says where ' +
  'the genetic score falls among other people (the curve); on its own it can make a small risk ' +
  'look large, so read it together with the lifetime risk. Most of the risk of common diseases ' +
  'does not come from genes: a higher risk is not a diagnosis, and a lower one is not a ' +
  'guarantee.';

/**
 * A column's cell, or, for a condition whose score is not accurate enough (ADR 030), the words
 * in its first figure's cell and nothing in the others.
 */
function unlessHeldBack<Row>(
  column: Column<Row>,
  isHeldBack: (row: Row) => boolean,
  says: boolean,
): Column<Row> {
  return {
    ...column,
    value: (row) => (isHeldBack(row) ? (says ? NOT_ACCURATE_ENOUGH : '-') : column.value(row)),
  };
}

/** Under a table with a held-back row: what its words mean. */
function heldBackNote(any: boolean): ReactElement | null {
  return any
    ? p(`Where a row says '${NOT_ACCURATE_ENOUGH}': ${NOT_ACCURATE_ENOUGH_EXPLAINED}`)
    : null;
}

/** A held-back condition's block: the words and why, with no number or chart (ADR 030). */
function heldBackBlock(key: string, code: string, model: DiseaseResult['model']): ReactElement {
  return (
    <View key={key} style={styles.block} wrap={false}>
      {p(diseaseName(code), styles.h3)}
      {p(NOT_ACCURATE_ENOUGH, styles.lead)}
      {p(`${NOT_ACCURATE_ENOUGH_EXPLAINED} ${notAccurateEnoughDetail(code, model)}`, styles.small)}
      {p(`Model: ${modelText(model)}.`, styles.note)}
    </View>
  );
}

/** Every disease on one table, absolute risk first: what a reader sees before the details. */
function diseaseSummary(
  results: readonly DiseaseResult[],
  heldBack: ReadonlySet<string>,
): ReactElement {
  const held = (result: DiseaseResult) => heldBack.has(result.code);
  return table<DiseaseResult>(
    [
      { title: 'Condition', width: 0.24, value: (result) => diseaseName(result.code) },
      unlessHeldBack(
        {
          title: 'Lifetime risk',
          width: 0.19,
          value: (result) => riskInWords(result.absoluteRisk),
          bold: true,
        },
        held,
        true,
      ),
      ...[
        {
          title: 'Population average',
          width: 0.19,
          value: (result: DiseaseResult) => riskInWords(result.populationRisk),
        },
        {
          title: 'Relative risk',
          width: 0.1,
          value: (result: DiseaseResult) => `${result.relativeRisk.toFixed(2)} times`,
        },
        {
          title: 'Percentile',
          width: 0.1,
          value: (result: DiseaseResult) => percentileCell(result.percentile),
        },
        intervalColumn(
          results.filter((result) => !held(result)).map((result) => result.interval),
          (result: DiseaseResult) => result.interval,
          0.18,
        ),
      ].map((column) => unlessHeldBack(column, held, false)),
    ],
    results,
    CONTENT_WIDTH,
  );
}

const DOT_GRID_SIZE = 60;
const INDIVIDUAL_CHART_WIDTH = 200;

/** Absolute risk first, in words and numbers, then the dot grid and the density chart. */
function diseaseBlock(result: DiseaseResult, populationScores: readonly number[] | undefined) {
  return (
    <View key={result.code} style={[styles.block, styles.row]} wrap={false}>
      <View style={[styles.column, { paddingRight: 10 }]}>
        {p(diseaseName(result.code), styles.h3)}
        {p(absoluteRiskSentence(result.code, result.absoluteRisk), styles.lead)}
        {p(populationRiskSentence(result.populationRisk), [styles.small, { marginBottom: 2 }])}
        {facts([
          ['Relative risk', relativeRiskText(result.relativeRisk)],
          ['Percentile', percentileSentence(result.percentile)],
          ['Uncertainty', intervalText(result.interval)],
          ['Model', modelText(result.model)],
        ])}
      </View>
      <View style={{ width: DOT_GRID_SIZE, marginRight: 10, marginTop: 3, flexShrink: 0 }}>
        {dotGrid({
          absoluteRisk: result.absoluteRisk,
          populationRisk: result.populationRisk,
          size: DOT_GRID_SIZE,
        })}
      </View>
      {populationScores === undefined
        ? null
        : densityChart({
            entry: getDisease(result.code),
            populationScores,
            markers: [{ label: 'You', score: result.score }],
            width: INDIVIDUAL_CHART_WIDTH,
            plotHeight: 54,
          })}
    </View>
  );
}

function traitName(code: string): string {
  const { name } = getTrait(code);
  return name === UNKNOWN_NAME ? `${UNKNOWN_NAME} (${code})` : name;
}

function traitValue(trait: TraitResult): string {
  if (trait.predicted === undefined) return '-';
  const { value, unit } = trait.predicted;
  return unit === undefined ? String(value) : `${String(value)} ${unit}`;
}

function individualBody(content: IndividualReport): ReactElement {
  const heldBack = heldBackConditions(content);
  const traitHeld = (trait: TraitResult) => !isTraitReportable(trait);
  return (
    <>
      {heading('Your results at a glance', 120)}
      {diseaseSummary(content.diseases, heldBack)}
      {heldBackNote(heldBack.size > 0)}
      {p(HOW_TO_READ)}
      {withFirstBlock(
        heading('Each condition in detail'),
        content.diseases.map((result) =>
          heldBack.has(result.code)
            ? heldBackBlock(result.code, result.code, result.model)
            : diseaseBlock(result, content.charts.density[result.code]?.values),
        ),
      )}
      {content.traits.length === 0 ? null : (
        <>
          {heading('Traits')}
          {table<TraitResult>(
            [
              { title: 'Trait', width: 0.3, value: (trait) => traitName(trait.code) },
              unlessHeldBack(
                { title: 'Predicted', width: 0.22, value: traitValue },
                traitHeld,
                true,
              ),
              unlessHeldBack(
                {
                  title: 'Percentile',
                  width: 0.18,
                  value: (trait) =>
                    trait.percentile === undefined ? '-' : percentileCell(trait.percentile),
                },
                traitHeld,
                false,
              ),
              { title: 'Model', width: 0.3, value: (trait) => modelText(trait.model) },
            ],
            content.traits,
            CONTENT_WIDTH,
          )}
          {heldBackNote(content.traits.some(traitHeld))}
        </>
      )}
      {heading('Single-gene findings')}
      {findings(content.monogenic, 'No single-gene findings were reported.')}
    </>
  );
}

const carrierColumns: readonly Column<CarrierMatch>[] = [
  { title: 'Gene', width: 0.09, value: (match) => match.gene },
  { title: 'Condition', width: 0.25, value: (match) => match.condition },
  { title: "Mother's variant", width: 0.2, value: (match) => match.motherVariant },
  { title: "Father's variant", width: 0.2, value: (match) => match.fatherVariant },
  { title: 'Chance for a child', width: 0.11, value: (match) => riskPercent(match.childChance) },
  { title: 'Inheritance', width: 0.15, value: (match) => inheritanceText(match.inheritance) },
];

const RANGE_CHART_WIDTH = 230;

const CARRIER_MATCHES_EXPLAINED =
  "You both carry a variant in the same gene for these conditions. The chance is the lab's " +
  'estimate, for each child of yours, that the child has the condition. A genetic counselor ' +
  'can go through what it means for you.';

const CHILD_RANGE_EXPLAINED =
  'For each condition, the lab simulated many children of the two of you. The bar holds most ' +
  'of them, the black mark is the expected risk, the dashed line the population average; any ' +
  'one child can fall anywhere on the bar, or outside it. Every bar is drawn on the same ' +
  'scale, so a longer bar is a higher risk.';

function childRiskBody(
  ranges: readonly ChildRiskRange[],
  heldBack: ReadonlySet<string>,
  /** One scale for every range chart of the report (ADR 031). */
  axisTicks: readonly number[],
): ReactElement {
  const held = (range: ChildRiskRange) => heldBack.has(range.code);
  return (
    <>
      {heading('The range of risk your children could have', 140)}
      {p(CHILD_RANGE_EXPLAINED)}
      {table<ChildRiskRange>(
        [
          { title: 'Condition', width: 0.28, value: (range) => diseaseName(range.code) },
          unlessHeldBack(
            {
              title: 'Expected',
              width: 0.22,
              value: (range) => riskInWords(range.expected),
              bold: true,
            },
            held,
            true,
          ),
          unlessHeldBack(
            {
              title: 'Range',
              width: 0.26,
              value: (range) =>
                `${riskPercent(range.lower)} to ${riskPercent(range.upper)} (${String(Math.round(range.coverage * 100))} in 100)`,
            },
            held,
            false,
          ),
          unlessHeldBack(
            {
              title: 'Population average',
              width: 0.24,
              value: (range) => riskInWords(range.populationRisk),
            },
            held,
            false,
          ),
        ],
        ranges,
        CONTENT_WIDTH,
      )}
      {heldBackNote(ranges.some(held))}
      {ranges.map((range) =>
        held(range) ? (
          heldBackBlock(`range-${range.code}`, range.code, range.model)
        ) : (
          <View key={`range-${range.code}`} style={[styles.block, styles.row]} wrap={false}>
            <View style={[styles.column, { paddingRight: 10 }]}>
              {p(diseaseName(range.code), styles.h3)}
              {p(childRangeSentence(range), styles.small)}
              {p(populationRiskSentence(range.populationRisk), styles.small)}
              {p(`Model: ${modelText(range.model)}.`, styles.note)}
            </View>
            {rangeChart({ ...range, embryos: [], axisTicks, width: RANGE_CHART_WIDTH })}
          </View>
        ),
      )}
    </>
  );
}

function jointBody(content: JointReport): ReactElement {
  return (
    <>
      {heading('Conditions you both carry')}
      {content.carrierMatches.length === 0 ? (
        p('You do not both carry a variant for the same condition among the genes screened.')
      ) : (
        <>
          {p(CARRIER_MATCHES_EXPLAINED)}
          {table(carrierColumns, content.carrierMatches, CONTENT_WIDTH)}
        </>
      )}
      {heading("Mother's single-gene findings")}
      {findings(content.mother.monogenic, 'No single-gene findings were reported for the mother.')}
      {heading("Father's single-gene findings")}
      {findings(content.father.monogenic, 'No single-gene findings were reported for the father.')}
      {childRiskBody(content.childRisk, heldBackConditions(content), reportRiskAxisTicks(content))}
    </>
  );
}

/** Every finding of an embryo, those of a panel named by it. */
function embryoFindingsText(embryo: Embryo): string {
  const texts = [
    ...embryo.monogenic.map(findingText),
    ...embryo.neurodevelopmentalVariants.map(
      (finding) => `Neurodevelopmental panel: ${findingText(finding)}`,
    ),
    ...embryo.cancerVariants.map((finding) => `Cancer panel: ${findingText(finding)}`),
  ];
  return texts.length === 0 ? 'None found' : texts.join('; ');
}

const EMBRYO_CHART_WIDTH = 236;
const EMBRYO_CHART_GAP = 10;
/** An embryo's table fills the rest of the line beside its charts. */
const EMBRYO_TABLE_WIDTH = CONTENT_WIDTH - EMBRYO_CHART_WIDTH - EMBRYO_CHART_GAP;

const HOW_TO_READ_EMBRYOS =
  'For each condition: the curve is how genetic scores are spread in the population, with a ' +
  "line at each embryo's score; the bar below is the range of lifetime risk your children " +
  'could have, with each embryo placed on it by its own lifetime risk, on one scale for every ' +
  'condition. Dashed lines mark the population average. The table gives the ' +
  'numbers. A lower risk is not a guarantee: every embryo can still develop any of these ' +
  'conditions, and most of the risk of common diseases does not come from genes.';

function embryoDiseaseBlock(
  range: ChildRiskRange,
  embryos: readonly Embryo[],
  populationScores: readonly number[] | undefined,
  /** One scale for every range chart of the report (ADR 031). */
  axisTicks: readonly number[],
): ReactElement {
  const results = embryos.flatMap((embryo) => {
    const result = embryo.diseases.find((disease) => disease.code === range.code);
    return result === undefined ? [] : [{ embryo, result }];
  });
  type Row = (typeof results)[number];
  return (
    <View key={`disease-${range.code}`} style={styles.block} wrap={false}>
      {p(diseaseName(range.code), styles.h3)}
      {p(`${childRangeSentence(range)} ${populationRiskSentence(range.populationRisk)}`, [
        styles.small,
        { marginBottom: 3 },
      ])}
      <View style={styles.row}>
        <View style={{ width: EMBRYO_CHART_WIDTH, marginRight: EMBRYO_CHART_GAP, flexShrink: 0 }}>
          {populationScores === undefined
            ? null
            : densityChart({
                entry: getDisease(range.code),
                populationScores,
                markers: results.map(({ embryo, result }) => ({
                  label: embryo.label,
                  score: result.score,
                })),
                width: EMBRYO_CHART_WIDTH,
                plotHeight: 40,
              })}
          {rangeChart({
            ...range,
            embryos: results.map(({ embryo, result }) => ({
              label: embryo.label,
              absoluteRisk: result.absoluteRisk,
            })),
            axisTicks,
            width: EMBRYO_CHART_WIDTH,
          })}
        </View>
        <View style={styles.column}>
          {table<Row>(
            [
              { title: 'Embryo', width: 0.15, value: ({ embryo }) => embryo.label },
              {
                title: 'Lifetime risk',
                width: 0.33,
                value: ({ result }) => riskInWords(result.absoluteRisk),
                bold: true,
              },
              {
                title: 'Percentile',
                width: 0.15,
                value: ({ result }) => percentileCell(result.percentile),
              },
              {
                title: 'Relative risk',
                width: 0.14,
                value: ({ result }) => result.relativeRisk.toFixed(2),
              },
              intervalColumn(
                results.map(({ result }) => result.interval),
                ({ result }: Row) => result.interval,
                0.23,
              ),
            ],
            results,
            EMBRYO_TABLE_WIDTH,
          )}
          {p(`Model: ${modelText(range.model)}.`, styles.note)}
        </View>
      </View>
    </View>
  );
}

function embryoBody(content: EmbryoReport): ReactElement {
  const embryos = [...content.embryos].sort((a, b) => a.priority - b.priority);
  const heldBack = heldBackConditions(content);
  const axisTicks = reportRiskAxisTicks(content);
  const overview = table<Embryo>(
    [
      { title: 'Priority', width: 0.08, value: (embryo) => String(embryo.priority) },
      { title: 'Embryo', width: 0.09, value: (embryo) => embryo.label, bold: true },
      { title: 'Morphology', width: 0.11, value: (embryo) => embryo.morphology },
      { title: 'Sex', width: 0.09, value: (embryo) => sexText(embryo.sex) },
      {
        title: 'Chromosomes',
        width: 0.25,
        value: (embryo) => chromosomesText(embryo.chromosomes),
      },
      { title: 'Single-gene findings', width: 0.38, value: embryoFindingsText },
    ],
    embryos,
    CONTENT_WIDTH,
  );
  return (
    <>
      {heading('How the embryos were ranked')}
      {p(content.priorityMethod)}
      {heading('The embryos at a glance', 120)}
      {overview}
      {withFirstBlock(
        <>
          {heading('Each condition, embryo by embryo')}
          {p(HOW_TO_READ_EMBRYOS)}
        </>,
        content.childRisk.map((range) =>
          heldBack.has(range.code)
            ? heldBackBlock(`disease-${range.code}`, range.code, range.model)
            : embryoDiseaseBlock(
                range,
                embryos,
                content.charts.density[range.code]?.values,
                axisTicks,
              ),
        ),
      )}
    </>
  );
}

const PANEL = {
  neurodevelopmental: 'Neurodevelopmental',
  cancer: 'Cancer',
  carrier: 'Carrier',
} as const satisfies Record<ReportContent['variants'][number]['panel'], string>;

function testDetailsSection(test: TestDetails, content: ReportContent): ReactElement {
  return (
    <>
      {heading('Test details')}
      <View style={styles.facts}>
        {fact('Test type', testTypeText(test.testType), styles.fact)}
        {fact('Mean coverage', `${test.coverage.toFixed(1)}x`, styles.fact)}
        {fact('Genome build', test.genomeBuild, styles.fact)}
        {fact(
          'Signed off',
          `${usDateFromIsoDate(test.signedOffOn)} by ${test.signedOffBy}`,
          styles.fact,
        )}
      </View>
      {test.ancestry.map((ancestry) => (
        <Text key={ancestry.person} style={styles.paragraph}>
          {ancestryText(ancestry)}
        </Text>
      ))}
      <Text style={[styles.h3, { marginTop: 4 }]} minPresenceAhead={40}>
        Genes screened for single-gene conditions
      </Text>
      {table(
        [
          { title: 'Gene', width: 0.15, value: (gene) => gene.gene },
          { title: 'Condition', width: 0.55, value: (gene) => gene.condition },
          { title: 'Inheritance', width: 0.3, value: (gene) => inheritanceText(gene.inheritance) },
        ],
        content.genes,
        CONTENT_WIDTH,
      )}
      {content.variants.length === 0 ? null : (
        <>
          <Text style={[styles.h3, { marginTop: 4 }]} minPresenceAhead={40}>
            Variants looked for specifically
          </Text>
          {table(
            [
              { title: 'Gene', width: 0.15, value: (variant) => variant.gene },
              { title: 'Variant', width: 0.55, value: (variant) => variant.variant },
              { title: 'Panel', width: 0.3, value: (variant) => PANEL[variant.panel] },
            ],
            content.variants,
            CONTENT_WIDTH,
          )}
        </>
      )}
    </>
  );
}

/** The report as a react-pdf document; `madeOn` is the US date printed as the PDF's day. */
/** 'Some results are held back': how many, never which. */
function heldBackTitle(count: number): string {
  return count === 1 ? '1 result is held back' : `${String(count)} results are held back`;
}

const HELD_BACK_EXPLAINED =
  'The lab recommends talking these results through with a genetic counselor before you see ' +
  'them. You can book a counseling appointment and choose to see them in the portal; a PDF ' +
  'made after that includes them.';

export function reportDocument(
  report: ReportVersionForPdf,
  options: { productName: string; companyName: string; madeOn: string; creationDate: Date },
): ReactElement<DocumentProps> {
  const { content } = report;
  const testName = reportTestName(content);
  const kindTitle = REPORT_KIND_TITLE[content.kind];
  const signedOff = usDateFromIsoDate(content.test.signedOffOn);
  const version = String(report.version);
  const ruo = content.test.researchUseOnly;

  // One text, so that a long name of the test or of the signer wraps instead of overlapping.
  const header = (
    <View style={styles.header} fixed>
      {p(
        [
          testName,
          // An individual test's name says 'Individual' already.
          ...(content.kind === 'individual' ? [] : [kindTitle]),
          `Version ${version}`,
          `Signed off on ${signedOff} by ${content.test.signedOffBy}`,
        ].join(' | '),
        styles.headerText,
      )}
    </View>
  );
  const footerLeft = (
    <Text style={styles.footerLeft} fixed>
      {`${options.companyName} | Prepared for ${joinWithAnd(report.people)}`}
      {ruo ? <Text style={styles.footerMarking}>{` | ${RESEARCH_USE_ONLY}`}</Text> : null}
    </Text>
  );
  /*
   * The page number, around each page's share of the body, as the page's layout. A layout opts
   * into react-pdf's newer pagination (still called experimental in 4.9): it measures the body
   * once, pours it into pages and lays out each page on its own. A page number drawn by a
   * render prop had the older one lay out all the rest of the body again at every page break,
   * which took most of a render's time. The layout is called for each page before the page
   * count is known, and again with it.
   */
  const withPageNumber = ({
    children,
    pageNumber = 1,
    totalPages = pageNumber,
  }: PageLayoutProps) => (
    <>
      {children}
      <Text style={styles.footerRight}>{pageNumberText(pageNumber, totalPages)}</Text>
    </>
  );

  const titleBlock = (
    <>
      {p(options.productName, styles.brand)}
      {p(testName, styles.title)}
      {p(kindTitle, styles.subtitle)}
      <View style={styles.metaGrid}>
        {p(`Prepared for ${joinWithAnd(report.people)}`, styles.meta)}
        {p(`Version ${version}, signed off on ${signedOff}`, styles.meta)}
        {p(`Signed off by ${content.test.signedOffBy}`, styles.meta)}
        {p(`PDF made on ${options.madeOn}`, styles.meta)}
      </View>
      {ruo ? (
        <View style={styles.ruo} wrap={false}>
          {p(RESEARCH_USE_ONLY, styles.ruoTitle)}
          {p(RESEARCH_USE_ONLY_EXPLAINED, styles.boxText)}
        </View>
      ) : null}
      {report.version > 1 && report.changelog ? (
        <View style={styles.changes} wrap={false}>
          {p(`What changed in version ${version}`, styles.h3)}
          {p(report.changelog, styles.boxText)}
        </View>
      ) : null}
      {report.heldBack !== undefined && report.heldBack > 0 ? (
        <View style={styles.changes} wrap={false}>
          {p(heldBackTitle(report.heldBack), styles.h3)}
          {p(HELD_BACK_EXPLAINED, styles.boxText)}
        </View>
      ) : null}
    </>
  );
  const body =
    content.kind === 'individual'
      ? individualBody(content)
      : content.kind === 'joint'
        ? jointBody(content)
        : embryoBody(content);

  return (
    <Document
      title={`${testName}: ${kindTitle}, version ${version}`}
      author={options.companyName}
      creator={options.productName}
      producer={options.productName}
      language="en-US"
      creationDate={options.creationDate}
    >
      <Page size="LETTER" style={styles.page} layout={withPageNumber}>
        {/*
          First, because react-pdf repeats a fixed element only on the pages from where it stands.
        */}
        {header}
        {footerLeft}
        {titleBlock}
        {body}
        {testDetailsSection(content.test, content)}
      </Page>
    </Document>
  );
}
