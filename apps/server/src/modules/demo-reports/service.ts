import {
  DEMO_REPORT_NOT_FOUND,
  DEMO_REPORTS_DEMO_ACCOUNTS_ONLY,
  demoReportVariantSchema,
  type DemoReportVariant,
} from '@nestling/shared/contract/demo-report';
import type { ReportAnswer } from '@nestling/shared/contract/report-view';
import { demoEmbryoReport } from './payloads.ts';
import { SESSION_EXPIRED } from '@nestling/shared/contract/auth';
import { mayOpenDemoReports, type UsersRepository } from '../users/index.ts';
import { Refusal } from '../../lib/refusal.ts';

/** A demo in the shape of GET /reports/{id}: one version, as a lab would have delivered it. */
function toAnswer(variant: DemoReportVariant): ReportAnswer {
  const { labReportId, content } = demoEmbryoReport(variant);
  const { signedOffOn, testType } = content.test;
  // Fixed, so that every answer of a demo is the same.
  const receivedAt = `${signedOffOn}T15:00:00.000Z`;
  return {
    report: {
      id: `demo-${variant}`,
      kind: content.kind,
      labReportId,
      version: 1,
      latestVersion: 1,
      signedOffOn,
      testType,
      receivedAt,
      changelog: null,
      content,
    },
    versions: [{ version: 1, signedOffOn, receivedAt, changelog: null }],
  };
}

/** The demo embryo reports (spec sections 2 and 8): sample data, for demo accounts only. */
export function createDemoReportsService(deps: { users: UsersRepository }) {
  const { users } = deps;
  // Built once per variant: the content is computed from fixed inputs.
  const answers = new Map<DemoReportVariant, ReportAnswer>();

  return {
    /** The caller's own flag counts: under impersonation, the patient's. */
    async read(userId: string, variant: string): Promise<ReportAnswer> {
      const user = await users.findById(userId);
      if (user === null) throw new Refusal(401, SESSION_EXPIRED);
      if (!mayOpenDemoReports(user)) {
        throw new Refusal(403, DEMO_REPORTS_DEMO_ACCOUNTS_ONLY);
      }
      const known = demoReportVariantSchema.safeParse(variant);
      if (!known.success) throw new Refusal(404, DEMO_REPORT_NOT_FOUND);
      let answer = answers.get(known.data);
      if (answer === undefined) {
        answer = toAnswer(known.data);
        answers.set(known.data, answer);
      }
      return answer;
    },
  };
}

export type DemoReportsService = ReturnType<typeof createDemoReportsService>;
