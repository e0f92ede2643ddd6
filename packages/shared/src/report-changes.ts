/*
 * What changed between two versions of one report, in plain words (ADR 029). Both contents
 * must be the reader's view (sensitive results they have not released already removed), so
 * that a difference never reveals what is held back. A result whose score is not accurate
 * enough to report (ADR 030) is compared as absent: its numbers are never stated.
 */
import { UNKNOWN_NAME } from '@nestling/shared/catalogue/catalogue-entry';
import { getTrait } from '@nestling/shared/catalogue/traits';
import type {
  CarrierMatch,
  ChildRiskRange,
  DiseaseResult,
  Embryo,
  ReportContent,
  TraitResult,
  VariantFinding,
} from '@nestling/shared/contract/report';
import {
  chromosomesText,
  classificationText,
  diseaseName,
  percentileCell,
  riskPercent,
} from '@nestling/shared/report-wording';
import { heldBackConditions, isTraitReportable } from '@nestling/shared/risk/reportable';

/** A page lists this many differences at most, then says how many more there are. */
export const REPORT_CHANGES_LIMIT = 12;

export interface ContentChanges {
  /** At most the limit, the most serious first: findings, embryos, risks, traits. */
  items: string[];
  /** How many differences were left out. */
  more: number;
}

/** Compares two lists by key: added and changed in the new order, then removed. */
function compare<T>(
  before: readonly T[],
  after: readonly T[],
  key: (item: T) => string,
  say: {
    added: (item: T) => string;
    removed: (item: T) => string;
    changed?: (was: T, now: T) => string | null;
  },
): string[] {
  const old = new Map(before.map((item) => [key(item), item]));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of after) {
    const id = key(item);
    seen.add(id);
    const was = old.get(id);
    if (was === undefined) out.push(say.added(item));
    else {
      const changed = say.changed?.(was, item) ?? null;
      if (changed !== null) out.push(changed);
    }
  }
  for (const item of before) if (!seen.has(key(item))) out.push(say.removed(item));
  return out;
}

/** A risk changed only when it reads differently: rounding noise is no news. */
function riskChange(label: string, what: string, was: number, now: number): string | null {
  const [before, after] = [riskPercent(was), riskPercent(now)];
  return before === after ? null : `${label}: ${what} is now ${after} (was ${before}).`;
}

/** The codes of each version whose numbers are not reported (ADR 030). */
interface Weak {
  before: ReadonlySet<string>;
  after: ReadonlySet<string>;
}

/** The results whose numbers a version states. */
const stated = <T extends { code: string }>(results: readonly T[], held: ReadonlySet<string>) =>
  results.filter((result) => !held.has(result.code));

/** A result gone from the stated ones: removed, or still there but not accurate enough now. */
function gone(label: string, code: string, weak: Weak): string {
  return weak.after.has(code)
    ? `${label}: now not reported, as the score is not accurate enough.`
    : `${label}: no longer reported.`;
}

function diseases(
  before: readonly DiseaseResult[],
  after: readonly DiseaseResult[],
  weak: Weak,
  at = '',
) {
  const label = (result: DiseaseResult) => `${at}${diseaseName(result.code)}`;
  return compare(stated(before, weak.before), stated(after, weak.after), (result) => result.code, {
    added: (result) =>
      `${label(result)}: newly reported, a lifetime risk of ${riskPercent(result.absoluteRisk)}.`,
    removed: (result) => gone(label(result), result.code, weak),
    changed: (was, now) =>
      riskChange(label(now), 'the lifetime risk', was.absoluteRisk, now.absoluteRisk),
  });
}

function childRisk(
  before: readonly ChildRiskRange[],
  after: readonly ChildRiskRange[],
  weak: Weak,
) {
  const label = (range: ChildRiskRange) => diseaseName(range.code);
  return compare(stated(before, weak.before), stated(after, weak.after), (range) => range.code, {
    added: (range) =>
      `${label(range)}: newly reported, an expected risk for your children of ${riskPercent(range.expected)}.`,
    removed: (range) => gone(label(range), range.code, weak),
    changed: (was, now) =>
      riskChange(label(now), 'the expected risk for your children', was.expected, now.expected),
  });
}

function traitName(code: string): string {
  const { name } = getTrait(code);
  return name === UNKNOWN_NAME ? `${UNKNOWN_NAME} (${code})` : name;
}

function traitText(trait: TraitResult): string {
  const parts: string[] = [];
  if (trait.predicted !== undefined) {
    const { value, unit } = trait.predicted;
    parts.push(unit === undefined ? String(value) : `${String(value)} ${unit}`);
  }
  if (trait.percentile !== undefined) {
    parts.push(`${percentileCell(trait.percentile).toLowerCase()} percentile`);
  }
  return parts.join(', ');
}

const weakTraits = (traits: readonly TraitResult[]) =>
  new Set(traits.filter((trait) => !isTraitReportable(trait)).map((trait) => trait.code));

function traits(before: readonly TraitResult[], after: readonly TraitResult[]) {
  const weak = { before: weakTraits(before), after: weakTraits(after) };
  return compare(stated(before, weak.before), stated(after, weak.after), (trait) => trait.code, {
    added: (trait) => `${traitName(trait.code)}: newly reported, ${traitText(trait)}.`,
    removed: (trait) => gone(traitName(trait.code), trait.code, weak),
    changed: (was, now) => {
      const [before, after] = [traitText(was), traitText(now)];
      return before === after ? null : `${traitName(now.code)}: now ${after} (was ${before}).`;
    },
  });
}

const findingName = (finding: VariantFinding) =>
  `${finding.gene} ${finding.variant} (${finding.condition})`;

/** Single-gene findings of one person or embryo; `whose` starts each sentence. */
function findings(
  before: readonly VariantFinding[],
  after: readonly VariantFinding[],
  whose: string,
) {
  const classification = (finding: VariantFinding) =>
    classificationText(finding.classification).toLowerCase();
  return compare(before, after, (finding) => `${finding.gene} ${finding.variant}`, {
    added: (finding) =>
      `${whose}: a new single-gene finding, ${findingName(finding)}, ${classification(finding)}.`,
    removed: (finding) =>
      `${whose}: a single-gene finding is no longer reported, ${findingName(finding)}.`,
    changed: (was, now) =>
      was.classification === now.classification && was.zygosity === now.zygosity
        ? null
        : `${whose}: ${findingName(now)} is now ${classification(now)} (was ${classification(was)}).`,
  });
}

function carrierMatches(before: readonly CarrierMatch[], after: readonly CarrierMatch[]) {
  const name = (match: CarrierMatch) => `${match.condition} (${match.gene})`;
  return compare(before, after, (match) => `${match.gene} ${match.condition}`, {
    added: (match) =>
      `You both carry a variant for ${name(match)}: newly found, a ${riskPercent(match.childChance)} chance for each child.`,
    removed: (match) => `${name(match)}: no longer a condition you both carry a variant for.`,
    changed: (was, now) =>
      riskChange(name(now), 'the chance for each child', was.childChance, now.childChance),
  });
}

const embryoFindings = (embryo: Embryo) => [
  ...embryo.monogenic,
  ...embryo.neurodevelopmentalVariants,
  ...embryo.cancerVariants,
];

/** Embryos by label: added, removed, a new priority or chromosome status, then their results. */
function embryos(before: readonly Embryo[], after: readonly Embryo[], weak: Weak) {
  const old = new Map(before.map((embryo) => [embryo.label, embryo]));
  const main = compare(before, after, (embryo) => embryo.label, {
    added: (embryo) =>
      `Embryo ${embryo.label}: newly reported, priority ${String(embryo.priority)}.`,
    removed: (embryo) => `Embryo ${embryo.label}: no longer in the report.`,
    changed: (was, now) => {
      const said: string[] = [];
      if (was.priority !== now.priority) {
        said.push(`priority ${String(now.priority)} (was ${String(was.priority)})`);
      }
      const [chromosomesBefore, chromosomesAfter] = [
        chromosomesText(was.chromosomes),
        chromosomesText(now.chromosomes),
      ];
      if (chromosomesBefore !== chromosomesAfter) {
        said.push(`chromosomes ${chromosomesAfter} (was ${chromosomesBefore})`);
      }
      return said.length === 0 ? null : `Embryo ${now.label}: now ${said.join('; ')}.`;
    },
  });
  const found: string[] = [];
  const risks: string[] = [];
  for (const embryo of after) {
    const was = old.get(embryo.label);
    if (was === undefined) continue;
    found.push(...findings(embryoFindings(was), embryoFindings(embryo), `Embryo ${embryo.label}`));
    risks.push(...diseases(was.diseases, embryo.diseases, weak, `Embryo ${embryo.label}, `));
  }
  return { main: [...found, ...main], risks };
}

/** Every difference, the most serious first. */
function differences(before: ReportContent, after: ReportContent): string[] {
  const weak = { before: heldBackConditions(before), after: heldBackConditions(after) };
  if (before.kind === 'individual' && after.kind === 'individual') {
    return [
      ...findings(before.monogenic, after.monogenic, 'You'),
      ...diseases(before.diseases, after.diseases, weak),
      ...traits(before.traits, after.traits),
    ];
  }
  if (before.kind === 'joint' && after.kind === 'joint') {
    return [
      ...carrierMatches(before.carrierMatches, after.carrierMatches),
      ...findings(before.mother.monogenic, after.mother.monogenic, 'Mother'),
      ...findings(before.father.monogenic, after.father.monogenic, 'Father'),
      ...childRisk(before.childRisk, after.childRisk, weak),
    ];
  }
  if (before.kind === 'embryo' && after.kind === 'embryo') {
    const changed = embryos(before.embryos, after.embryos, weak);
    return [
      ...changed.main,
      ...childRisk(before.childRisk, after.childRisk, weak),
      ...changed.risks,
    ];
  }
  // A report keeps its kind across versions; there is nothing to compare otherwise.
  return [];
}

/**
 * The differences between two versions' contents of one report, as sentences that name
 * conditions from the catalogue and state risks as the report does; at most `limit`.
 */
export function reportContentChanges(
  before: ReportContent,
  after: ReportContent,
  limit = REPORT_CHANGES_LIMIT,
): ContentChanges {
  const all = differences(before, after);
  const items = all.slice(0, limit);
  return { items, more: all.length - items.length };
}
