import * as z from 'zod/mini';
import { reportPayloadSchema } from './report.ts';

/** Where the published schema lives, from the repository root. */
export const REPORT_JSON_SCHEMA_PATH = 'docs/lab/report.schema.json';

/**
 * The JSON Schema labs validate their payloads with before sending. The cross-field rules
 * (intervals, relative risk, one result per disease…) cannot be said in JSON Schema: the
 * description names them, and the portal checks them on receipt.
 */
export function reportJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(reportPayloadSchema, {
    target: 'draft-2020-12',
    io: 'input',
    // Shared parts (a finding, a model) once under $defs, not copied into every use.
    reused: 'ref',
  });
  const { $schema, ...rest } = schema;
  return {
    $schema,
    title: 'Report payload (POST /api/lab/reports)',
    description:
      'One version of a joint, individual or embryo report. Risks are fractions from 0 to 1, ' +
      'percentiles 0 to 100. Also checked on receipt: each interval contains its absolute risk; ' +
      'relativeRisk equals absoluteRisk / populationRisk within 2 % + 0.01; each disease code ' +
      'appears once per list and has a density chart; a trait with a score has a density chart ' +
      'in charts.traits, and each chart there a trait with a score; every embryo has a result ' +
      'for each disease of childRisk that applies to its sex, and no other: brc (breast cancer) ' +
      'and endo (endometriosis) for female embryos only, prc (prostate cancer) for male embryos ' +
      'only, and for an embryo whose sex is not reported all of those in childRisk or none (some ' +
      'only would tell its sex); embryo labels and priorities are unique; a changelog from ' +
      'version 2; individual reports name individualOrderId, joint and embryo reports ' +
      'coupleAccountId; an individual report has at least one disease, a joint or embryo ' +
      'report at least one childRisk range.',
    ...rest,
  };
}

/** The file's text: two-space JSON with a final newline. */
export function reportJsonSchemaText(): string {
  return `${JSON.stringify(reportJsonSchema(), null, 2)}\n`;
}
