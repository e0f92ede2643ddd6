import { Readable } from 'node:stream';
import type { FileStore } from '../modules/storage/file-store.ts';
import path from 'node:path';

/*
 * The demo patients' documents: a consent form as a small, valid one-page PDF and the kit
 * instructions as plain text, written under DATA_DIR/files/ when the seed runs.
 */

/** A valid one-page PDF showing `lines` in Helvetica: header, objects, xref and trailer. */
export function simplePdf(lines: readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = [
    'BT /F1 12 Tf 72 740 Td 16 TL',
    ...lines.map((line) => `(${escape(line)}) Tj T*`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${String(Buffer.byteLength(stream, 'latin1'))} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${String(index + 1)} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${String(objects.length + 1)}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${String(objects.length + 1)} /Root 1 0 R >>\nstartxref\n${String(xref)}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export interface DemoDocument {
  id: string;
  userId: string;
  title: string;
  kind: string;
  date: string;
  fileName: string;
  contentType: string;
  /** The lab's id of the report it belongs to, if any. */
  labReportId?: string;
  body: Buffer;
}

const consent = (userId: string, name: string, date: string): DemoDocument => ({
  id: `${userId}-consent`,
  userId,
  title: 'Consent to genetic testing',
  kind: 'consent',
  date,
  fileName: 'consent-form.pdf',
  contentType: 'application/pdf',
  body: simplePdf([
    'Consent to genetic testing',
    `Signed by ${name} on ${date}.`,
    'I understand that polygenic scores estimate risk and do not diagnose.',
    'I may withdraw my consent and ask for my sample to be destroyed.',
  ]),
});

const kitInstructions = (userId: string, date: string): DemoDocument => ({
  id: `${userId}-kit`,
  userId,
  title: 'Saliva kit instructions',
  kind: 'instructions',
  date,
  fileName: 'kit-instructions.txt',
  contentType: 'text/plain; charset=utf-8',
  body: Buffer.from(
    [
      'Saliva kit instructions',
      '',
      '1. Do not eat, drink or smoke for 30 minutes before giving the sample.',
      '2. Fill the tube with saliva up to the line, not counting bubbles.',
      '3. Close the lid firmly: the liquid in it keeps the sample stable.',
      '4. Put the tube in the bag and mail it in the prepaid box within 2 days.',
      '',
    ].join('\n'),
  ),
});

export const demoDocuments: readonly DemoDocument[] = [
  consent('demo-mother', 'Maya Demo', '2025-01-06'),
  kitInstructions('demo-mother', '2025-01-06'),
  consent('demo-father', 'Daniel Demo', '2025-01-06'),
  consent('demo-individual', 'Iris Sample', '2024-10-01'),
  kitInstructions('demo-individual', '2024-10-01'),
  {
    id: 'demo-individual-cover-letter',
    userId: 'demo-individual',
    title: 'Cover letter for your report',
    kind: 'report',
    date: '2024-11-18',
    fileName: 'cover-letter.txt',
    contentType: 'text/plain; charset=utf-8',
    labReportId: 'DEMO-IND-IRIS',
    body: Buffer.from(
      'Your report is ready. A genetic counselor can go through it with you: book a call from the portal.\n',
    ),
  },
  consent('demo-embryo', 'Elena Example', '2024-12-02'),
];

/** Writes the file into the file store and answers its key there. */
export async function writeDemoFile(fileStore: FileStore, demo: DemoDocument): Promise<string> {
  const key = `${demo.userId}/${demo.id}${path.extname(demo.fileName)}`;
  await fileStore.put(key, Readable.from([demo.body]));
  return key;
}
