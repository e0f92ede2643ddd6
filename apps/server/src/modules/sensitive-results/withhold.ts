import type { CarrierMatch, ReportContent, VariantFinding } from '@nestling/shared/contract/report';

/** What the lab treats as sensitive: disease codes, and gene symbols (upper case). */
export interface SensitiveRules {
  readonly conditions: ReadonlySet<string>;
  readonly genes: ReadonlySet<string>;
}

/** The content without its sensitive results, and how many were taken out. */
export interface Withheld {
  readonly content: ReportContent;
  readonly count: number;
}

/**
 * Takes every sensitive result out of a report's content (ADR 022): a disease result, a child's
 * risk range and its density chart whose code is a sensitive condition; a single-gene finding or
 * a carrier match in a sensitive gene. The rest is left as the lab sent it. The lists of what was
 * screened stay: they say what was looked for, not what was found.
 *
 * `count` counts results as a person would: a condition once per person or embryo it is
 * reported for, each finding once.
 */
export function withholdSensitive(content: ReportContent, rules: SensitiveRules): Withheld {
  let count = 0;
  const keepCode = <T extends { code: string }>(items: readonly T[]): T[] =>
    items.filter((item) => {
      const held = rules.conditions.has(item.code);
      if (held) count += 1;
      return !held;
    });
  const keepGene = <T extends VariantFinding | CarrierMatch>(items: readonly T[]): T[] =>
    items.filter((item) => {
      const held = rules.genes.has(item.gene.toUpperCase());
      if (held) count += 1;
      return !held;
    });
  const density = (charts: Record<string, { values: number[] }>) =>
    Object.fromEntries(Object.entries(charts).filter(([code]) => !rules.conditions.has(code)));

  if (rules.conditions.size === 0 && rules.genes.size === 0) return { content, count: 0 };

  switch (content.kind) {
    case 'individual': {
      const next: ReportContent = {
        ...content,
        diseases: keepCode(content.diseases),
        monogenic: keepGene(content.monogenic),
        charts: { ...content.charts, density: density(content.charts.density) },
      };
      return { content: next, count };
    }
    case 'joint': {
      const next: ReportContent = {
        ...content,
        mother: { monogenic: keepGene(content.mother.monogenic) },
        father: { monogenic: keepGene(content.father.monogenic) },
        carrierMatches: keepGene(content.carrierMatches),
        childRisk: keepCode(content.childRisk),
        charts: { density: density(content.charts.density) },
      };
      return { content: next, count };
    }
    case 'embryo': {
      const next: ReportContent = {
        ...content,
        childRisk: keepCode(content.childRisk),
        embryos: content.embryos.map((embryo) => ({
          ...embryo,
          diseases: keepCode(embryo.diseases),
          neurodevelopmentalVariants: keepGene(embryo.neurodevelopmentalVariants),
          cancerVariants: keepGene(embryo.cancerVariants),
          monogenic: keepGene(embryo.monogenic),
        })),
        charts: { density: density(content.charts.density) },
      };
      return { content: next, count };
    }
  }
}
