import { integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { user } from '../auth/schema.ts';

/**
 * One person's answers to one health-survey variant, kept as a FHIR R4 QuestionnaireResponse
 * (`response`). Saved on every answer; `revision` rises with each save, so a save made from a
 * stale copy (another tab, another device) is refused instead of overwriting newer answers.
 */
export const surveyResponse = pgTable(
  'survey_response',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** 'saliva-mother', 'saliva-father', 'pgt-mother' or 'pgt-father'. */
    variant: text('variant').notNull(),
    /** The Questionnaire's version the answers were given to. */
    questionnaireVersion: text('questionnaire_version').notNull(),
    /** 'in-progress' or 'completed' (the QuestionnaireResponse status). */
    status: text('status').notNull(),
    /** The QuestionnaireResponse resource itself. */
    response: jsonb('response').notNull(),
    /** The page the person was on, to reopen there. */
    currentPage: text('current_page'),
    revision: integer('revision').default(1).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [unique('survey_response_user_variant_unique').on(table.userId, table.variant)],
);
