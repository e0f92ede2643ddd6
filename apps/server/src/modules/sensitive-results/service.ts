import { randomUUID } from 'node:crypto';
import type { ReportContent } from '@nestling/shared/contract/report';
import {
  NO_SENSITIVE_RESULTS,
  SENSITIVE_RULE_EXISTS,
  SENSITIVE_RULE_NOT_FOUND,
  type SensitiveReleaseAnswer,
  type SensitiveRule,
  type SensitiveRuleInput,
  type SensitiveState,
} from '@nestling/shared/contract/sensitive-results';
import type { SensitiveResultsRepository, SensitiveRuleRow } from './repository.ts';
import { withholdSensitive, type SensitiveRules } from './withhold.ts';
import { Refusal } from '../../lib/refusal.ts';

function toRule(row: SensitiveRuleRow): SensitiveRule {
  return {
    id: row.id,
    kind: row.kind === 'gene' ? 'gene' : 'condition',
    code: row.code,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A report version's content as one person may read it, and what is held back from it. */
export interface ContentForReader {
  content: ReportContent;
  sensitive?: SensitiveState;
}

/**
 * Counseling-first release (ADR 022): the one place that decides, for a report version and the
 * person reading it, which results are withheld. Every way out of the portal (the JSON answer,
 * the PDF, the archive) takes the content from `forReader`.
 */
export function createSensitiveResultsService(deps: {
  repository: SensitiveResultsRepository;
  now?: () => Date;
}) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  async function currentRules(): Promise<SensitiveRules> {
    const rows = await repository.rules();
    return {
      conditions: new Set(rows.filter((row) => row.kind === 'condition').map((row) => row.code)),
      genes: new Set(rows.filter((row) => row.kind === 'gene').map((row) => row.code)),
    };
  }

  /**
   * The content without its sensitive results unless this reader has released them for this
   * report; `sensitive` says how many there are, when there are any. Admins viewing as the
   * patient pass the patient's id: they see what the patient sees.
   */
  async function forReader(
    reportId: string,
    readerId: string,
    content: ReportContent,
  ): Promise<ContentForReader> {
    const withheld = withholdSensitive(content, await currentRules());
    if (withheld.count === 0) return { content };
    const released = (await repository.release(reportId, readerId)) !== null;
    return {
      content: released ? content : withheld.content,
      sensitive: { count: withheld.count, released },
    };
  }

  return {
    forReader,

    /**
     * Records the person's choice to see the sensitive results of a report they may read (the
     * caller has checked that), with whether they had a counseling appointment booked.
     */
    async release(
      reportId: string,
      userId: string,
      state: SensitiveState | undefined,
    ): Promise<SensitiveReleaseAnswer> {
      if (state === undefined) throw new Refusal(409, NO_SENSITIVE_RESULTS);
      const at = now();
      await repository.insertRelease({
        reportId,
        userId,
        hadAppointment: await repository.hasUpcomingAppointment(userId, at),
        releasedAt: at,
      });
      const row = await repository.release(reportId, userId);
      return {
        sensitive: { count: state.count, released: true },
        releasedAt: (row?.releasedAt ?? at).toISOString(),
      };
    },

    async rules(): Promise<SensitiveRule[]> {
      return (await repository.rules()).map(toRule);
    },

    async addRule(input: SensitiveRuleInput, staffId: string): Promise<SensitiveRule> {
      const row = {
        id: randomUUID(),
        kind: input.kind,
        code: input.kind === 'gene' ? input.code.toUpperCase() : input.code,
        note: input.note,
        createdBy: staffId,
        createdAt: now(),
      };
      if ((await repository.insertRule(row)) === 'taken') {
        throw new Refusal(409, SENSITIVE_RULE_EXISTS);
      }
      return toRule(row);
    },

    async removeRule(id: string): Promise<void> {
      if (!(await repository.deleteRule(id))) {
        throw new Refusal(404, SENSITIVE_RULE_NOT_FOUND);
      }
    },
  };
}

export type SensitiveResultsService = ReturnType<typeof createSensitiveResultsService>;
