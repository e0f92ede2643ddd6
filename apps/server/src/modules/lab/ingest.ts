import { readFile } from 'node:fs/promises';
import { describeSchemaIssues } from '@nestling/shared/contract/error';
import { reportPayloadSchema } from '@nestling/shared/contract/report';
import type { Database } from '../../db/database.ts';
import { createLabRepository } from './repository.ts';
import { createLabService } from './service.ts';
import { Refusal } from '../../lib/refusal.ts';

export interface IngestResult {
  ok: boolean;
  /** What to print: what was stored, or each problem. */
  lines: string[];
}

/**
 * `npm run report:ingest -- <file>`: checks a payload file with the same schema as
 * POST /api/lab/reports and stores it the same way. Only ids and versions are printed, never
 * the report's content.
 */
export async function ingestReportFile(db: Database, file: string): Promise<IngestResult> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, lines: [`Cannot read ${file} as JSON: ${reason}`] };
  }
  const parsed = reportPayloadSchema.safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      lines: [
        `${file} is not a valid report payload:`,
        ...describeSchemaIssues(parsed.error.issues).map((issue) => `  ${issue}`),
      ],
    };
  }
  try {
    const receipt = await createLabService(createLabRepository(db)).receive(parsed.data);
    const what = `${receipt.kind} report ${receipt.labReportId} version ${String(receipt.version)}`;
    return {
      ok: true,
      lines: [
        receipt.created
          ? `Stored ${what} (report id ${receipt.reportId})`
          : `Already stored, unchanged: ${what} (report id ${receipt.reportId})`,
      ],
    };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, lines: [error.message] };
    throw error;
  }
}
