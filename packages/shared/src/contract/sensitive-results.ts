import * as z from 'zod/mini';
import { isDiseaseCode } from '../catalogue/diseases.ts';

/*
 * Counseling-first release of sensitive results (ADR 022). Lab staff name what is sensitive: a
 * condition of the disease catalogue, or a gene whose single-gene findings are. Such results are
 * held back in every report, on the page, in the PDF and in the archive, until the person reading
 * chooses to see them. Each partner of a couple chooses for themselves.
 */

export const sensitiveRuleKindSchema = z.enum(['condition', 'gene']);
export type SensitiveRuleKind = z.infer<typeof sensitiveRuleKindSchema>;

export const SENSITIVE_CONDITION_MESSAGE = 'Choose a condition from the list';
export const SENSITIVE_GENE_MESSAGE = 'Enter a gene symbol, like BRCA1';
export const SENSITIVE_RULE_EXISTS = 'This is already marked as sensitive';
export const SENSITIVE_RULE_NOT_FOUND = 'There is no such rule';
export const SENSITIVE_NOTE_MAX = 300;

const GENE_PATTERN = /^[A-Z0-9][A-Z0-9-]{0,29}$/;

/** POST /admin/sensitive-rules: a condition by its disease code, or a gene by its symbol. */
export const sensitiveRuleInputSchema = z
  .object({
    kind: z.enum(['condition', 'gene'], { error: 'Choose a condition or a gene' }),
    code: z.string({ error: 'Required' }).check(z.trim(), z.maxLength(40)),
    note: z.string().check(
      z.trim(),
      z.maxLength(SENSITIVE_NOTE_MAX, {
        error: `Use at most ${String(SENSITIVE_NOTE_MAX)} characters`,
      }),
    ),
  })
  .check(
    z.superRefine((input, ctx) => {
      const valid =
        input.kind === 'condition'
          ? isDiseaseCode(input.code)
          : GENE_PATTERN.test(input.code.toUpperCase());
      if (!valid) {
        ctx.issues.push({
          code: 'custom',
          message:
            input.kind === 'condition' ? SENSITIVE_CONDITION_MESSAGE : SENSITIVE_GENE_MESSAGE,
          path: ['code'],
          input: input.code,
        });
      }
    }),
  );
export type SensitiveRuleInput = z.infer<typeof sensitiveRuleInputSchema>;

export const sensitiveRuleSchema = z.object({
  id: z.string(),
  kind: sensitiveRuleKindSchema,
  /** A disease code for a condition, an upper-case gene symbol for a gene. */
  code: z.string(),
  note: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type SensitiveRule = z.infer<typeof sensitiveRuleSchema>;

export const sensitiveRulesAnswerSchema = z.object({ rules: z.array(sensitiveRuleSchema) });
export type SensitiveRulesAnswer = z.infer<typeof sensitiveRulesAnswerSchema>;

export const sensitiveRuleParamsSchema = z.object({ id: z.string().check(z.minLength(1)) });

/**
 * Part of a report's answer when it holds sensitive results: how many (never which: their names
 * are the sensitive part), and whether the person reading has chosen to see them. While
 * `released` is false the content holds none of them.
 */
export const sensitiveStateSchema = z.object({
  count: z.number(),
  released: z.boolean(),
});
export type SensitiveState = z.infer<typeof sensitiveStateSchema>;

/** POST /reports/{id}/sensitive-release: the person's own choice; the report answer follows. */
export const sensitiveReleaseAnswerSchema = z.object({
  sensitive: sensitiveStateSchema,
  /** ISO 8601: when the choice was recorded (the first time, when made again). */
  releasedAt: z.string(),
});
export type SensitiveReleaseAnswer = z.infer<typeof sensitiveReleaseAnswerSchema>;

export const NO_SENSITIVE_RESULTS = 'This report holds no results held back';
