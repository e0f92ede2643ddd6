import * as z from 'zod/mini';
import { diseaseReportedSex, getDisease } from '../catalogue/diseases.ts';

/*
 * What a lab delivers: the content of a joint (couple), individual or embryo report, and the
 * payload that wraps it (POST /lab/reports, `npm run report:ingest`). A JSON Schema generated
 * from these is published for labs in docs/lab/report.schema.json. ADR 009 gives the reasons.
 *
 * Objects are strict: a misspelt optional field would otherwise vanish silently from a medical
 * report, so any key the schema does not know is refused and named.
 */

/*
 * Every message is written here: zod/mini carries no locale, and a lab reading 'Invalid input'
 * would not know what to fix.
 */
type Issue = z.core.$ZodRawIssue;
const REQUIRED = 'Required';

/** 'Required' for a missing field, else 'Give …'. */
function expected(what: string) {
  return (issue: Issue) => (issue.input === undefined ? REQUIRED : `Give ${what}`);
}

function numberSchema(what = 'a number') {
  return z.number({ error: expected(what) });
}

/** A strict object: an unknown key is named (a misspelt optional field would vanish). */
function strictObject<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') {
        return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
      }
      return issue.input === undefined ? REQUIRED : 'Give an object';
    },
  });
}

function enumSchema<const Values extends readonly [string, ...string[]]>(values: Values) {
  return z.enum(values, { error: expected(`one of ${values.join(', ')}`) });
}

function arraySchema<Item extends z.core.SomeType>(item: Item, min = 0, max = 1000) {
  return z
    .array(item, { error: expected('a list') })
    .check(
      z.minLength(min, { error: `Give at least ${String(min)}` }),
      z.maxLength(max, { error: `Give at most ${String(max)}` }),
    );
}

/** Risks are fractions: 0.12 is 12 %. */
const FRACTION = 'a fraction from 0 to 1';
const fractionSchema = numberSchema(FRACTION).check(
  z.minimum(0, { error: `Give ${FRACTION}` }),
  z.maximum(1, { error: `Give ${FRACTION}` }),
);
/** Above 0: a population risk or a chance divides or multiplies. */
const positiveFractionSchema = numberSchema('a fraction above 0, up to 1').check(
  z.gt(0, { error: 'Give a fraction above 0, up to 1' }),
  z.maximum(1, { error: 'Give a fraction above 0, up to 1' }),
);
/** Strictly between 0 and 1: a confidence or a coverage. */
const openFractionSchema = numberSchema('a fraction between 0 and 1').check(
  z.gt(0, { error: 'Give a fraction between 0 and 1' }),
  z.lt(1, { error: 'Give a fraction between 0 and 1' }),
);
const PERCENTILE = 'a percentile from 0 to 100';
const percentileSchema = numberSchema(PERCENTILE).check(
  z.minimum(0, { error: `Give ${PERCENTILE}` }),
  z.maximum(100, { error: `Give ${PERCENTILE}` }),
);
const textSchema = (max: number) =>
  z
    .string({ error: expected('a text') })
    .check(
      z.trim(),
      z.minLength(1, { error: 'Must not be empty' }),
      z.maxLength(max, { error: `Use at most ${String(max)} characters` }),
    );

/**
 * A disease or trait code. Codes outside the catalogues are accepted (a lab may add a model
 * before the portal's catalogue names it) and the portal shows them as Unknown.
 */
export const reportCodeSchema = z
  .string({ error: expected('a code') })
  .check(
    z.regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, { error: 'Use lower-case letters, digits, _ or -' }),
  );

/**
 * Relative risk is the absolute risk over the population average. Labs round each of the three,
 * so they agree only within rounding: 2 % of the ratio plus 0.01.
 */
export const RELATIVE_RISK_TOLERANCE = { relative: 0.02, absolute: 0.01 } as const;

export function relativeRiskAgrees(
  absoluteRisk: number,
  populationRisk: number,
  relativeRisk: number,
) {
  const ratio = absoluteRisk / populationRisk;
  return (
    Math.abs(relativeRisk - ratio) <=
    RELATIVE_RISK_TOLERANCE.relative * ratio + RELATIVE_RISK_TOLERANCE.absolute
  );
}

export const modelSchema = strictObject({
  /** The lab's identifier of the polygenic model, e.g. 'cad-prs'. */
  id: textSchema(100),
  version: textSchema(50),
  /**
   * The score's accuracy within a family: its correlation with the genetic predisposition
   * between siblings, 0–1. It says how sure an embryo ranking is. Without it the portal derives
   * it from the catalogue's r² and heritability (ADR 028).
   */
  withinFamilyAccuracy: z.optional(fractionSchema),
  /**
   * The share of the variance in liability the score explains (its r², liability scale), 0–1.
   * Without it the portal takes the catalogue's r² for the condition (ADR 030).
   */
  varianceExplained: z.optional(fractionSchema),
  /**
   * The lab's reporting threshold for this model, 0–1: a result whose r² (varianceExplained,
   * else the catalogue's) is below it is shown as 'Not reported: the score is not accurate
   * enough', without its numbers, everywhere in the report (ADR 030). Without a threshold the
   * result is reported.
   */
  minimumVarianceExplained: z.optional(fractionSchema),
});
export type Model = z.infer<typeof modelSchema>;

/** The range the absolute lifetime risk lies in with the stated confidence. */
export const riskIntervalSchema = z
  .strictObject({
    lower: fractionSchema,
    upper: fractionSchema,
    /** e.g. 0.95 for a 95 % interval. */
    confidence: openFractionSchema,
  })
  .check(
    z.refine((interval) => interval.lower <= interval.upper, {
      error: 'lower must not be above upper',
      path: ['lower'],
    }),
  );

/** One person's or one embryo's polygenic result for one disease. */
export const diseaseResultSchema = z
  .strictObject({
    code: reportCodeSchema,
    /** The polygenic score, standardised, in the units of the density chart's values. */
    score: numberSchema(),
    /** Where the score falls in the population the model was calibrated on. */
    percentile: percentileSchema,
    /** Lifetime risk for this person or embryo. */
    absoluteRisk: fractionSchema,
    /** Lifetime risk of the average person in that population. */
    populationRisk: positiveFractionSchema,
    relativeRisk: numberSchema('a number above 0').check(
      z.gt(0, { error: 'Give a number above 0' }),
    ),
    interval: riskIntervalSchema,
    model: modelSchema,
  })
  .check(
    z.superRefine((result, ctx) => {
      const { lower, upper } = result.interval;
      if (result.absoluteRisk < lower || result.absoluteRisk > upper) {
        ctx.issues.push({
          code: 'custom',
          message: 'The interval must contain the absolute risk',
          path: ['interval'],
          input: result.interval,
        });
      }
      if (!relativeRiskAgrees(result.absoluteRisk, result.populationRisk, result.relativeRisk)) {
        ctx.issues.push({
          code: 'custom',
          message: 'Must equal absoluteRisk / populationRisk within rounding',
          path: ['relativeRisk'],
          input: result.relativeRisk,
        });
      }
    }),
  );
export type DiseaseResult = z.infer<typeof diseaseResultSchema>;

/** A trait (eye color, height, …): a predicted value with its unit, a percentile, or both. */
export const traitResultSchema = z
  .strictObject({
    code: reportCodeSchema,
    predicted: z.optional(
      strictObject({
        value: z.union([z.number(), textSchema(100)], { error: expected('a number or a text') }),
        /** 'cm', 'diopters'; empty for a category such as an eye color. */
        unit: z.optional(textSchema(20)),
      }),
    ),
    percentile: z.optional(percentileSchema),
    /**
     * The polygenic score, in the units of the trait's density chart (charts.traits), which
     * then draws it among the population's. Optional: a trait without it is shown in the table
     * only.
     */
    score: z.optional(numberSchema()),
    model: modelSchema,
  })
  .check(
    z.refine((trait) => trait.predicted !== undefined || trait.percentile !== undefined, {
      error: 'Give predicted or percentile',
      path: ['predicted'],
    }),
  );
export type TraitResult = z.infer<typeof traitResultSchema>;

export const zygositySchema = enumSchema(['heterozygous', 'homozygous', 'hemizygous']);
/** The five ACMG/AMP classes. */
export const acmgClassificationSchema = enumSchema([
  'pathogenic',
  'likely-pathogenic',
  'uncertain-significance',
  'likely-benign',
  'benign',
]);
export const inheritanceSchema = enumSchema([
  'autosomal-dominant',
  'autosomal-recessive',
  'x-linked-dominant',
  'x-linked-recessive',
  'mitochondrial',
  'de-novo',
]);

/** An HGNC gene symbol. */
const geneSchema = z
  .string({ error: expected('an HGNC gene symbol') })
  .check(z.regex(/^[A-Z0-9][A-Za-z0-9-]{0,29}$/, { error: 'Give an HGNC gene symbol' }));

/**
 * An HGVS description with its reference sequence, e.g. 'NM_000492.4:c.1521_1523del', or an
 * ISCN-style copy-number description for a deletion or duplication, e.g. 'seq[GRCh38] del(16)(p11.2)'.
 */
const variantSchema = z.string().check(
  z.trim(),
  z.regex(/^(?:[A-Za-z0-9_.]+(?:\([A-Za-z0-9_.]+\))?:[cgmnopr]\.\S+|seq\[[^\]]+\] .+)$/, {
    error: "Give an HGVS description with its reference, e.g. 'NM_000492.4:c.1521_1523del'",
  }),
  z.maxLength(200),
);

/** A single-gene finding: in a person, an embryo, or a neurodevelopmental or cancer panel. */
export const variantFindingSchema = strictObject({
  gene: geneSchema,
  condition: textSchema(200),
  variant: variantSchema,
  zygosity: zygositySchema,
  classification: acmgClassificationSchema,
  inheritance: inheritanceSchema,
});
export type VariantFinding = z.infer<typeof variantFindingSchema>;

/** A condition both partners carry a variant for, and the chance a child is affected. */
export const carrierMatchSchema = strictObject({
  gene: geneSchema,
  condition: textSchema(200),
  inheritance: inheritanceSchema,
  motherVariant: variantSchema,
  fatherVariant: variantSchema,
  /** e.g. 0.25 for two carriers of an autosomal-recessive condition. */
  childChance: positiveFractionSchema,
});
export type CarrierMatch = z.infer<typeof carrierMatchSchema>;

/**
 * The lifetime risk a couple's children could have for one disease: most children (the stated
 * share of the lab's simulated children) fall between lower and upper.
 */
export const childRiskRangeSchema = z
  .strictObject({
    code: reportCodeSchema,
    lower: fractionSchema,
    expected: fractionSchema,
    upper: fractionSchema,
    /** e.g. 0.95: the share of simulated children inside the range. */
    coverage: openFractionSchema,
    populationRisk: positiveFractionSchema,
    model: modelSchema,
  })
  .check(
    z.refine((range) => range.lower <= range.expected && range.expected <= range.upper, {
      error: 'Must hold lower ≤ expected ≤ upper',
      path: ['expected'],
    }),
  );
export type ChildRiskRange = z.infer<typeof childRiskRangeSchema>;

export const ancestrySchema = strictObject({
  /** Whose ancestry: the patient of an individual report, or either partner. */
  person: enumSchema(['patient', 'mother', 'father']),
  /** As the lab infers it from the genome, e.g. 'European', 'East Asian'. */
  inferred: textSchema(100),
  /** False when the scores were not calibrated on this ancestry: they are then less reliable. */
  calibrated: z.boolean({ error: expected('true or false') }),
});
export type Ancestry = z.infer<typeof ancestrySchema>;

export const testTypeSchema = enumSchema(['standard', '30x']);
export type TestType = z.infer<typeof testTypeSchema>;

export const testDetailsSchema = strictObject({
  testType: testTypeSchema,
  /** Mean sequencing depth, e.g. 31.4. */
  coverage: numberSchema('the mean depth, above 0').check(
    z.gt(0, { error: 'Give the mean depth, above 0' }),
    z.maximum(1000, { error: 'Give at most 1000' }),
  ),
  genomeBuild: enumSchema(['GRCh37', 'GRCh38', 'T2T-CHM13']),
  ancestry: arraySchema(ancestrySchema, 1, 2),
  /** The lab director's sign-off, YYYY-MM-DD. */
  signedOffOn: z.iso.date({ error: expected('a date as YYYY-MM-DD') }),
  signedOffBy: textSchema(200),
  /** Research use only: the report must say so plainly. */
  researchUseOnly: z.boolean({ error: expected('true or false') }),
});
export type TestDetails = z.infer<typeof testDetailsSchema>;

/** The population's scores for one disease, drawn as the density chart (36 buckets). */
export const densitySchema = strictObject({
  values: arraySchema(numberSchema(), 20, 10_000),
});

/** A gene screened for single-gene conditions. */
export const screenedGeneSchema = strictObject({
  gene: geneSchema,
  condition: textSchema(200),
  inheritance: inheritanceSchema,
});

/** A variant looked for specifically (neurodevelopmental or cancer panels). */
export const screenedVariantSchema = strictObject({
  gene: geneSchema,
  variant: variantSchema,
  panel: enumSchema(['neurodevelopmental', 'cancer', 'carrier']),
});

export const chromosomeStatusSchema = z
  .strictObject({
    status: enumSchema(['euploid', 'aneuploid', 'mosaic']),
    /** Required unless euploid, e.g. 'Trisomy 16' or 'Mosaic gain of chromosome 7 (about 40 %)'. */
    detail: z.optional(textSchema(300)),
  })
  .check(
    z.refine(
      (chromosomes) => chromosomes.status === 'euploid' || chromosomes.detail !== undefined,
      {
        error: 'Describe the finding for an aneuploid or mosaic embryo',
        path: ['detail'],
      },
    ),
  );

export const embryoSchema = strictObject({
  /** The clinic's label, e.g. 'E3' or 'Day 5 #2'. */
  label: textSchema(40),
  /** 1 is the embryo the lab would transfer first. */
  priority: z
    .int({ error: expected('a whole number') })
    .check(z.minimum(1, { error: 'Give 1 or more' })),
  /** As the embryologist graded it, e.g. Gardner '4AA'. */
  morphology: textSchema(20),
  sex: enumSchema(['female', 'male', 'not-reported']),
  chromosomes: chromosomeStatusSchema,
  neurodevelopmentalVariants: arraySchema(variantFindingSchema),
  cancerVariants: arraySchema(variantFindingSchema),
  monogenic: arraySchema(variantFindingSchema),
  diseases: arraySchema(diseaseResultSchema),
});
export type Embryo = z.infer<typeof embryoSchema>;

/** Per disease code. The dot grid needs no data of its own: it draws each absolute risk. */
const diseaseDensitySchema = z.record(reportCodeSchema, densitySchema, {
  error: expected('an object keyed by disease code'),
});

const chartsSchema = strictObject({ density: diseaseDensitySchema });

/** An individual report's charts: the diseases', and the traits' that have a score. */
const individualChartsSchema = strictObject({
  density: diseaseDensitySchema,
  /** Per trait code: the population's scores of the trait, drawn like a disease's. */
  traits: z.optional(
    z.record(reportCodeSchema, densitySchema, {
      error: expected('an object keyed by trait code'),
    }),
  ),
});

const listsFields = {
  genes: arraySchema(screenedGeneSchema),
  variants: arraySchema(screenedVariantSchema),
};

interface Ctx {
  issues: z.core.$ZodRawIssue[];
}

/** Each code once; a density chart for each. */
function checkDiseases(
  ctx: Ctx,
  results: readonly { code: string }[],
  density: Record<string, unknown>,
  path: PropertyKey[],
) {
  const seen = new Set<string>();
  results.forEach((result, index) => {
    if (seen.has(result.code)) {
      ctx.issues.push({
        code: 'custom',
        message: `${result.code} appears twice`,
        path: [...path, index, 'code'],
        input: result.code,
      });
    }
    seen.add(result.code);
    if (!Object.hasOwn(density, result.code)) {
      ctx.issues.push({
        code: 'custom',
        message: `No density chart for ${result.code} in charts.density`,
        path: [...path, index, 'code'],
        input: result.code,
      });
    }
  });
}

function checkAncestry(ctx: Ctx, ancestry: readonly Ancestry[], people: readonly string[]) {
  const given = ancestry.map((entry) => entry.person).sort();
  if (given.join() !== [...people].sort().join()) {
    ctx.issues.push({
      code: 'custom',
      message: `Give the ancestry of ${people.join(' and ')}, once each`,
      path: ['test', 'ancestry'],
      input: ancestry,
    });
  }
}

export const individualReportSchema = z
  .strictObject({
    kind: z.literal('individual'),
    test: testDetailsSchema,
    /**
     * At least one from the lab (the payload's check); a reader's view may hold none when the
     * lab holds every one back until the person chooses to see them (ADR 022).
     */
    diseases: arraySchema(diseaseResultSchema),
    traits: arraySchema(traitResultSchema),
    monogenic: arraySchema(variantFindingSchema),
    ...listsFields,
    charts: individualChartsSchema,
  })
  .check(
    z.superRefine((report, ctx) => {
      checkAncestry(ctx, report.test.ancestry, ['patient']);
      checkDiseases(ctx, report.diseases, report.charts.density, ['diseases']);
      const traitCharts = report.charts.traits ?? {};
      const traits = new Set<string>();
      const scored = new Set<string>();
      report.traits.forEach((trait, index) => {
        if (traits.has(trait.code)) {
          ctx.issues.push({
            code: 'custom',
            message: `${trait.code} appears twice`,
            path: ['traits', index, 'code'],
            input: trait.code,
          });
        }
        traits.add(trait.code);
        if (trait.score === undefined) return;
        scored.add(trait.code);
        if (!Object.hasOwn(traitCharts, trait.code)) {
          ctx.issues.push({
            code: 'custom',
            message: `No density chart for ${trait.code} in charts.traits`,
            path: ['traits', index, 'score'],
            input: trait.score,
          });
        }
      });
      // A chart without the person's score would draw nobody: a sign of a slip in the payload.
      for (const code of Object.keys(traitCharts)) {
        if (!scored.has(code)) {
          ctx.issues.push({
            code: 'custom',
            message: `No trait ${code} with a score in traits`,
            path: ['charts', 'traits', code],
            input: traitCharts[code],
          });
        }
      }
    }),
  );
export type IndividualReport = z.infer<typeof individualReportSchema>;

export const jointReportSchema = z
  .strictObject({
    kind: z.literal('joint'),
    test: testDetailsSchema,
    /** Each partner's single-gene findings (carrier status). */
    mother: strictObject({ monogenic: arraySchema(variantFindingSchema) }),
    father: strictObject({ monogenic: arraySchema(variantFindingSchema) }),
    carrierMatches: arraySchema(carrierMatchSchema),
    /** At least one from the lab, as `diseases` of an individual report. */
    childRisk: arraySchema(childRiskRangeSchema),
    ...listsFields,
    charts: chartsSchema,
  })
  .check(
    z.superRefine((report, ctx) => {
      checkAncestry(ctx, report.test.ancestry, ['mother', 'father']);
      checkDiseases(ctx, report.childRisk, report.charts.density, ['childRisk']);
    }),
  );
export type JointReport = z.infer<typeof jointReportSchema>;

export const MAX_EMBRYOS = 50;

/**
 * An embryo has a result for each disease of childRisk that applies to its sex, and no other:
 * breast cancer and endometriosis for a female embryo, prostate cancer for a male one (the
 * catalogue's sexSpecificDiseases); one for the other sex is a lab error. An embryo whose sex
 * is not reported has the sex-specific diseases of childRisk all or none: some of them only
 * would tell its sex.
 */
function checkEmbryoDiseases(
  ctx: Ctx,
  embryo: Embryo,
  childRiskCodes: readonly string[],
  at: (...rest: PropertyKey[]) => PropertyKey[],
) {
  const given = new Set(embryo.diseases.map((result) => result.code));
  const sex = embryo.sex === 'not-reported' ? undefined : embryo.sex;
  embryo.diseases.forEach((result, index) => {
    const reportedSex = diseaseReportedSex(result.code);
    if (sex !== undefined && reportedSex !== undefined && reportedSex !== sex) {
      ctx.issues.push({
        code: 'custom',
        message: `${result.code} (${getDisease(result.code).lowerName}) is reported for ${reportedSex} embryos only; this embryo is ${sex}`,
        path: at('diseases', index, 'code'),
        input: result.code,
      });
    } else if (!childRiskCodes.includes(result.code)) {
      ctx.issues.push({
        code: 'custom',
        message: `${result.code} is not in childRisk`,
        path: at('diseases', index, 'code'),
        input: result.code,
      });
    }
  });
  const sexSpecific = childRiskCodes.filter((code) => diseaseReportedSex(code) !== undefined);
  const givenSexSpecific = sexSpecific.filter((code) => given.has(code));
  if (
    sex === undefined &&
    givenSexSpecific.length > 0 &&
    givenSexSpecific.length < sexSpecific.length
  ) {
    ctx.issues.push({
      code: 'custom',
      message: `The sex of this embryo is not reported: give all of ${sexSpecific.join(', ')} or none, as some only would tell its sex`,
      path: at('diseases'),
      input: embryo.diseases,
    });
  }
  const missing = childRiskCodes.filter((code) => {
    const reportedSex = diseaseReportedSex(code);
    if (reportedSex === undefined) return !given.has(code);
    return sex === reportedSex && !given.has(code);
  });
  if (missing.length > 0) {
    ctx.issues.push({
      code: 'custom',
      message: `Give a result for ${missing.join(', ')} of childRisk`,
      path: at('diseases'),
      input: embryo.diseases,
    });
  }
}

export const embryoReportSchema = z
  .strictObject({
    kind: z.literal('embryo'),
    test: testDetailsSchema,
    /** In plain words: how the lab ranked the embryos, and what the ranking cannot promise. */
    priorityMethod: textSchema(2000),
    embryos: arraySchema(embryoSchema, 1, MAX_EMBRYOS),
    /** The range the couple's children could have: the range chart places each embryo on it. */
    /** At least one from the lab, as `diseases` of an individual report. */
    childRisk: arraySchema(childRiskRangeSchema),
    ...listsFields,
    charts: chartsSchema,
  })
  .check(
    z.superRefine((report, ctx) => {
      checkAncestry(ctx, report.test.ancestry, ['mother', 'father']);
      checkDiseases(ctx, report.childRisk, report.charts.density, ['childRisk']);
      const childRiskCodes = report.childRisk.map((range) => range.code);
      const labels = new Set<string>();
      const priorities = new Set<number>();
      report.embryos.forEach((embryo, index) => {
        const at = (...rest: PropertyKey[]) => ['embryos', index, ...rest];
        if (labels.has(embryo.label)) {
          ctx.issues.push({
            code: 'custom',
            message: `Another embryo is labeled ${embryo.label}`,
            path: at('label'),
            input: embryo.label,
          });
        }
        labels.add(embryo.label);
        if (priorities.has(embryo.priority)) {
          ctx.issues.push({
            code: 'custom',
            message: `Another embryo has priority ${String(embryo.priority)}`,
            path: at('priority'),
            input: embryo.priority,
          });
        }
        priorities.add(embryo.priority);
        checkDiseases(ctx, embryo.diseases, report.charts.density, at('diseases'));
        checkEmbryoDiseases(ctx, embryo, childRiskCodes, at);
      });
    }),
  );
export type EmbryoReport = z.infer<typeof embryoReportSchema>;

export const reportKindSchema = z.enum(['individual', 'joint', 'embryo']);
export type ReportKind = z.infer<typeof reportKindSchema>;

export const reportContentSchema = z.discriminatedUnion(
  'kind',
  [individualReportSchema, jointReportSchema, embryoReportSchema],
  { error: expected("an object whose kind is 'individual', 'joint' or 'embryo'") },
);
export type ReportContent = z.infer<typeof reportContentSchema>;

const ownerIdSchema = textSchema(200);

/**
 * One version of one report, as a lab sends it. An individual report belongs to an individual
 * order; a joint or embryo report to a couple's account.
 */
export const reportPayloadSchema = z
  .strictObject({
    /** The lab's own identifier of the report; unique across the lab's reports. */
    labReportId: textSchema(200),
    /** 1 for the first issue; each amendment is the next number. */
    version: z
      .int({ error: expected('a whole number') })
      .check(z.minimum(1, { error: 'Give 1 or more' })),
    /** What changed since the previous version: required from version 2. */
    changelog: z.optional(textSchema(2000)),
    individualOrderId: z.optional(ownerIdSchema),
    coupleAccountId: z.optional(ownerIdSchema),
    content: reportContentSchema,
  })
  .check(
    z.superRefine((payload, ctx) => {
      if (payload.version > 1 && payload.changelog === undefined) {
        ctx.issues.push({
          code: 'custom',
          message: 'Say what changed: a changelog is required from version 2',
          path: ['changelog'],
          input: payload.changelog,
        });
      }
      const results =
        payload.content.kind === 'individual'
          ? { field: 'diseases', count: payload.content.diseases.length }
          : { field: 'childRisk', count: payload.content.childRisk.length };
      if (results.count === 0) {
        ctx.issues.push({
          code: 'custom',
          message: 'Give at least 1',
          path: ['content', results.field],
          input: [],
        });
      }
      const individual = payload.content.kind === 'individual';
      const [wanted, unwanted] = individual
        ? (['individualOrderId', 'coupleAccountId'] as const)
        : (['coupleAccountId', 'individualOrderId'] as const);
      if (payload[wanted] === undefined) {
        ctx.issues.push({
          code: 'custom',
          message: `A ${payload.content.kind} report needs ${wanted}`,
          path: [wanted],
          input: undefined,
        });
      }
      if (payload[unwanted] !== undefined) {
        ctx.issues.push({
          code: 'custom',
          message: `A ${payload.content.kind} report takes ${wanted}, not ${unwanted}`,
          path: [unwanted],
          input: payload[unwanted],
        });
      }
    }),
  );
export type ReportPayload = z.infer<typeof reportPayloadSchema>;

/** The lab's answer: what is stored. `created` is false when the same version was sent before. */
export const reportReceiptSchema = z.object({
  reportId: z.string(),
  labReportId: z.string(),
  kind: reportKindSchema,
  version: z.number(),
  created: z.boolean(),
  /** ISO 8601. */
  receivedAt: z.string(),
});
export type ReportReceipt = z.infer<typeof reportReceiptSchema>;

export const REPORT_OWNER_NOT_FOUND = {
  individual: (id: string) => `Individual order ${id} not found`,
  couple: (id: string) => `Couple account ${id} not found`,
} as const;
export const REPORT_VERSION_CONFLICT =
  'This version of the report was already received with different content; send it as the next version';
