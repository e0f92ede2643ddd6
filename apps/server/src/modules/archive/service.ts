import { storedKey, type FileStore } from '../storage/index.ts';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { strToU8, Zip, ZipDeflate, ZipPassThrough, type FlateError } from 'fflate';
import type { ArchiveProfile, ArchiveReportVersion } from '@nestling/shared/contract/archive';
import type { UserQuery } from '@nestling/shared/contract/portal-user';
import type { ReportSummary } from '@nestling/shared/contract/report-view';
import { fullName } from '@nestling/shared/rules';
import type { UserRow } from '../auth/schema.ts';
import type { DocumentRow, DocumentsRepository } from '../documents/index.ts';
import { renderReportPdf } from '../pdf/index.ts';
import {
  REPORT_KIND_TITLE,
  usDateFromDate,
  usDateFromIsoDate,
} from '@nestling/shared/report-wording';
import type { ReportsRepository, ReportsService } from '../reports/index.ts';
import type { PersonRecords } from './records.ts';

/** One file of the archive. Its content is read only when the ZIP stream reaches it. */
export interface ArchiveEntry {
  /** The path inside the ZIP: ASCII letters, digits, '.', '-' and '_', folders with '/'. */
  readonly name: string;
  /** Its line in README.txt. */
  readonly description: string;
  /** False for formats that are compressed already (images, archives): stored as they are. */
  readonly deflate: boolean;
  /** What it holds, for the log when it fails: never its name, which may say what it is about. */
  readonly source: { readonly kind: string; readonly id?: string };
  readonly read: () => AsyncIterable<Uint8Array>;
}

export interface ArchiveFile {
  /** For Content-Disposition, e.g. 'nestling-archive-2025-01-06.zip'. */
  readonly fileName: string;
  /** README.txt first, then profile.json, the reports and the documents. */
  readonly entries: readonly ArchiveEntry[];
  readonly createdAt: Date;
}

/** What GET /user answers with every flag: all the accounts and orders. */
const everyAccountAndOrder = {
  preconception: 'true',
  embryo: 'true',
  withPartner: 'true',
  individual: 'true',
} as const satisfies UserQuery;

/** Formats whose bytes deflate cannot shrink, so the archive stores them as they are. */
const ALREADY_COMPRESSED =
  /^(image\/(jpeg|png|gif|webp|avif|heic|heif)|video\/|audio\/|application\/(zip|gzip|x-gzip|x-7z-compressed|x-rar-compressed|x-bzip2|x-xz|zstd))\b/i;

/**
 * A file name every system accepts: ASCII letters, digits, '.', '-' and '_' only, no leading
 * dot (a hidden file) and at most 100 characters, the extension kept.
 */
export function safeFileName(text: string): string {
  const cleaned = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[.-]+|[.-]+$/g, '');
  if (cleaned === '') return 'file';
  const found = path.extname(cleaned);
  const extension = found.length <= 10 ? found : '';
  const stem = cleaned.slice(0, cleaned.length - extension.length);
  return stem.slice(0, 100 - extension.length).replace(/[.-]+$/, '') + extension;
}

/** `name`, or `name-2`, `name-3`… before the extension when `taken` holds it already. */
function unique(folder: string, name: string, taken: Set<string>): string {
  const extension = path.extname(name);
  const stem = name.slice(0, name.length - extension.length);
  let candidate = `${folder}${name}`;
  for (let count = 2; taken.has(candidate); count += 1) {
    candidate = `${folder}${stem}-${String(count)}${extension}`;
  }
  taken.add(candidate);
  return candidate;
}

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

async function* once(produce: () => Promise<Uint8Array>): AsyncIterable<Uint8Array> {
  yield await produce();
}

/**
 * The ZIP of everything the portal keeps for one person (ADR 009, 'The archive'): what the
 * reports and documents services allow that person to read, and nothing else.
 */
export function createArchiveService(deps: {
  reports: ReportsService;
  reportsRepository: ReportsRepository;
  documents: DocumentsRepository;
  /** Orders, appointments, consents and the rest (records.ts). */
  records: PersonRecords;
  /** The person's health surveys as FHIR QuestionnaireResponses, each variant they began. */
  surveysOf: (person: UserRow) => Promise<unknown[]>;
  /** Where the documents' files are (ADR 023). */
  fileStore: FileStore;
  brand: { readonly productName: string; readonly companyName: string };
  now?: () => Date;
}) {
  const { reports, reportsRepository, documents, records, fileStore, brand } = deps;
  const now = deps.now ?? (() => new Date());

  /** GET /user's answer with every flag: the accounts as they are, with or without reports. */
  async function profileOf(subject: UserRow): Promise<ArchiveProfile> {
    const { answer } = await reports.portal(subject, everyAccountAndOrder, {});
    return {
      user: answer.user,
      accounts: answer.accounts ?? [],
      individualOrders: answer.individualOrders ?? [],
    };
  }

  /** Every version of the report as JSON, and its latest version as a PDF. */
  async function reportEntries(
    subject: UserRow,
    summary: Pick<ReportSummary, 'id' | 'kind' | 'labReportId'>,
    generatedAt: Date,
    taken: Set<string>,
  ): Promise<ArchiveEntry[]> {
    const folder = `${unique('reports/', safeFileName(`${summary.kind}-${summary.labReportId}`), taken)}/`;
    const title = `${REPORT_KIND_TITLE[summary.kind]} (lab id ${summary.labReportId})`;
    const versions = [...(await reportsRepository.listVersions(summary.id))].reverse();
    const entries: ArchiveEntry[] = versions.map(({ version, signedOffOn }) => ({
      name: unique(folder, `version-${String(version)}.json`, taken),
      description: `${title}, version ${String(version)}, signed off on ${usDateFromIsoDate(signedOffOn)}: the results as data (JSON).`,
      deflate: true,
      source: { kind: 'report-version', id: summary.id },
      read: () =>
        once(async () => {
          const { report } = await reports.read(subject, summary.id, version);
          const body: ArchiveReportVersion = {
            kind: report.kind,
            labReportId: report.labReportId,
            version: report.version,
            signedOffOn: report.signedOffOn,
            receivedAt: report.receivedAt,
            changelog: report.changelog,
            content: report.content,
          };
          return json(body);
        }),
    }));
    const latest = versions.at(-1);
    if (latest !== undefined) {
      entries.push({
        name: unique(folder, `version-${String(latest.version)}.pdf`, taken),
        description: `${title}, version ${String(latest.version)} (the latest), to read and print (PDF).`,
        deflate: true,
        source: { kind: 'report-pdf', id: summary.id },
        read: () =>
          once(async () => {
            const { report, sensitive } = await reports.read(subject, summary.id, latest.version);
            return renderReportPdf(
              {
                content: report.content,
                version: report.version,
                changelog: report.changelog,
                people: await reports.peopleOf(summary.id),
                heldBack: sensitive?.released === false ? sensitive.count : 0,
              },
              { ...brand, generatedAt },
            );
          }),
      });
    }
    return entries;
  }

  /** The document's key, or null when no file is where its row says (an operator's problem). */
  async function documentFile(row: DocumentRow): Promise<string | null> {
    const key = storedKey(row.storagePath);
    return key === null || (await fileStore.stat(key)) === null ? null : key;
  }

  return {
    /**
     * Reads what goes into the archive, but none of the contents yet: the stream reads each
     * entry when it reaches it, so a large archive never sits in memory.
     */
    async plan(subject: UserRow, log: FastifyBaseLogger): Promise<ArchiveFile> {
      const createdAt = now();
      const taken = new Set<string>(['README.txt', 'profile.json']);
      const recordParts: ArchiveEntry[] = Object.entries(await records.of(subject)).map(
        ([name, { description, content }]) => ({
          name,
          description: `${description} (JSON)`,
          deflate: true,
          source: { kind: 'records' },
          read: () => once(() => Promise.resolve(json(content))),
        }),
      );
      const surveys = await deps.surveysOf(subject);
      recordParts.push({
        name: 'records/health-surveys.json',
        description:
          'Your health survey answers, as FHIR QuestionnaireResponses (JSON), one per survey you began.',
        deflate: true,
        source: { kind: 'surveys' },
        read: () => once(() => Promise.resolve(json(surveys))),
      });
      for (const part of recordParts) taken.add(part.name);
      const profile = await profileOf(subject);

      const summaries = await reportsRepository.latestSummaries({
        coupleAccountIds: profile.accounts.map((account) => account.id),
        individualOrderIds: profile.individualOrders.map((order) => order.id),
      });
      const reportParts: ArchiveEntry[] = [];
      for (const summary of summaries) {
        reportParts.push(...(await reportEntries(subject, summary, createdAt, taken)));
      }

      const documentParts: ArchiveEntry[] = [];
      const missing: DocumentRow[] = [];
      for (const row of await documents.list(subject.id, undefined)) {
        const file = await documentFile(row);
        if (file === null) {
          log.warn({ documentId: row.id }, 'A document is missing from the archive: no file');
          missing.push(row);
          continue;
        }
        documentParts.push({
          name: unique('documents/', safeFileName(`${row.date}-${row.fileName}`), taken),
          description: `${row.title}, dated ${usDateFromIsoDate(row.date)}.`,
          deflate: !ALREADY_COMPRESSED.test(row.contentType),
          source: { kind: 'document', id: row.id },
          read: async function* () {
            yield* await fileStore.get(file);
          },
        });
      }

      const profileEntry: ArchiveEntry = {
        name: 'profile.json',
        description:
          'Your details, your couple accounts (with your partner) and your individual orders (JSON).',
        deflate: true,
        source: { kind: 'profile' },
        read: () => once(() => Promise.resolve(json(profile))),
      };
      const contents = [profileEntry, ...recordParts, ...reportParts, ...documentParts];
      const readme = readmeText({ brand, profile, createdAt, entries: contents, missing });
      const readmeEntry: ArchiveEntry = {
        name: 'README.txt',
        description: 'This file.',
        deflate: true,
        source: { kind: 'readme' },
        read: () => once(() => Promise.resolve(strToU8(readme))),
      };
      const day = createdAt.toISOString().slice(0, 10);
      const product = brand.productName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      return {
        fileName: `${product.replace(/^-+|-+$/g, '') || 'portal'}-archive-${day}.zip`,
        entries: [readmeEntry, ...contents],
        createdAt,
      };
    },

    /**
     * The archive as a ZIP stream: each entry is read, compressed and sent in turn, with
     * backpressure, so the first bytes leave before any PDF is rendered. An entry that fails
     * is logged by its kind and id only, and the stream is destroyed: a cut-off download, not
     * a ZIP that looks whole without a report.
     */
    stream(archive: ArchiveFile, log: FastifyBaseLogger): Readable {
      return Readable.from(zipChunks(archive, log), { objectMode: false });
    },
  };
}

async function* zipChunks(
  archive: ArchiveFile,
  log: FastifyBaseLogger,
): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  const failure: { error: FlateError | null } = { error: null };
  const zip = new Zip((error, chunk) => {
    if (error === null) ready.push(chunk);
    else failure.error = error;
  });
  // fflate calls back synchronously: what a push produced is ready right after it.
  function* produced() {
    if (failure.error !== null) throw failure.error;
    while (ready.length > 0) {
      const chunk = ready.shift();
      if (chunk !== undefined) yield chunk;
    }
  }

  try {
    for (const entry of archive.entries) {
      const file = entry.deflate
        ? new ZipDeflate(entry.name, { level: 6 })
        : new ZipPassThrough(entry.name);
      file.mtime = archive.createdAt;
      zip.add(file);
      try {
        for await (const chunk of entry.read()) {
          file.push(chunk);
          yield* produced();
        }
        file.push(new Uint8Array(0), true);
      } catch (error) {
        const { name, code } = error as { name?: unknown; code?: unknown };
        log.error(
          { entry: entry.source, errorName: name, errorCode: code },
          'The archive stopped: an entry could not be read',
        );
        // Thrown into the answer's stream when an entry fails: says nothing about the entry.
        throw new Error('The archive stopped before its end');
      }
      yield* produced();
    }
    zip.end();
    yield* produced();
  } finally {
    zip.terminate();
  }
}

/** README.txt: what the archive is, for whom, when, and one line per file. */
function readmeText(options: {
  brand: { readonly productName: string; readonly companyName: string };
  profile: ArchiveProfile;
  createdAt: Date;
  entries: readonly ArchiveEntry[];
  missing: readonly DocumentRow[];
}): string {
  const { brand, profile, createdAt, entries, missing } = options;
  const { user } = profile;
  const person = fullName(user);
  const whom = person === null ? user.email : `${person} (${user.email})`;
  const title = `Your ${brand.productName} archive`;
  const time = createdAt.toISOString().slice(11, 16);
  const lines = [
    title,
    '='.repeat(title.length),
    '',
    `This archive holds everything ${brand.productName} keeps for ${whom}:`,
    'your details, every report with all its versions, your documents, and the records of',
    'your orders, kits, addresses, appointments, survey answers, consents and activity.',
    `It was made on ${usDateFromDate(createdAt)} at ${time} UTC.`,
    '',
    'It holds health information. Keep it somewhere safe and share it only with people you',
    'trust, such as your doctor or a genetic counselor. A couple report and an embryo report',
    'hold the results of both partners.',
    '',
    'How it is organized',
    '-------------------',
    '',
    '- profile.json: your details, your couple accounts and your individual orders.',
    '- records/: your orders and kits (with the addresses they went to), appointments, health',
    '  survey answers, consents, partner invitations, clinic, imported genetic data, the',
    '  versions of reports you opened, and what was done with your account (JSON files).',
    '- reports/: a folder per report. When the lab corrects a report, the correction is a new',
    '  version. Every version is here as a JSON file (the results as data, for your doctor or',
    '  another program), and the latest version also as a PDF to read and print.',
    '- documents/: your documents (consent forms, instructions, letters), named by their date.',
    '',
    'JSON files are plain text: any text editor opens them.',
    '',
    'Every file',
    '----------',
    '',
    'README.txt',
    '    This file.',
    ...entries.flatMap((entry) => [entry.name, `    ${entry.description}`]),
  ];
  if (missing.length > 0) {
    lines.push(
      '',
      'Not included',
      '------------',
      '',
      `These documents could not be found. Ask ${brand.companyName} for a copy:`,
      ...missing.map((row) => `- ${row.title}, dated ${usDateFromIsoDate(row.date)}`),
    );
  }
  return `${lines.join('\n')}\n`;
}

export type ArchiveService = ReturnType<typeof createArchiveService>;
