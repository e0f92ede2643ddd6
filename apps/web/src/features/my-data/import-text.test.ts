import {
  IMPORT_EMPTY_FILE,
  DATA_PORTAL_OFF,
  IMPORT_FILE_REFUSED,
  IMPORT_MAX_BYTES,
  IMPORT_TOO_LARGE,
} from '@nestling/shared/contract/my-data';
import { describe, expect, it } from 'vitest';
import {
  UPLOAD_REFUSED,
  UPLOAD_SIGNED_OUT,
  UPLOAD_STOPPED,
  bytesText,
  callRateText,
  countText,
  importFileProblem,
  importIdFromUploadUrl,
  isImportActive,
  percentOf,
  progressText,
  sentenceOf,
  shouldRetryUpload,
  uploadFailure,
} from './import-text.ts';

const MiB = 1024 * 1024;

/** The parts of a tus DetailedError that uploadFailure reads. */
function tusError(status: number, body: string, method = 'POST') {
  return Object.assign(new Error('tus: unexpected response while creating upload'), {
    originalRequest: { getMethod: () => method },
    originalResponse: { getStatus: () => status, getBody: () => body },
  });
}

describe('sizes and progress', () => {
  it('writes sizes in units of 1024, as the 2 GB limit is', () => {
    expect(bytesText(0)).toBe('0 bytes');
    expect(bytesText(1)).toBe('1 byte');
    expect(bytesText(1023)).toBe('1023 bytes');
    expect(bytesText(1536)).toBe('1.5 KB');
    expect(bytesText(12.3 * MiB)).toBe('12.3 MB');
    expect(bytesText(1024 * MiB - 1)).toBe('1.0 GB');
    expect(bytesText(IMPORT_MAX_BYTES)).toBe('2.0 GB');
  });

  it('says how far an upload got, never 100% before the last byte', () => {
    expect(progressText(12.3 * MiB, 45.6 * MiB)).toBe('12.3 MB of 45.6 MB (27%)');
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(5, null)).toBe(0);
  });
});

describe('the checks before an upload', () => {
  it('refuses a wrong ending, an empty file and one over 2 GB', () => {
    expect(importFileProblem({ name: 'report.pdf', size: 10 })).toBe(IMPORT_FILE_REFUSED);
    expect(importFileProblem({ name: 'genome.gz', size: 10 })).toBe(IMPORT_FILE_REFUSED);
    expect(importFileProblem({ name: 'genome.txt', size: 0 })).toBe(IMPORT_EMPTY_FILE);
    expect(importFileProblem({ name: 'genome.vcf.gz', size: IMPORT_MAX_BYTES + 1 })).toBe(
      IMPORT_TOO_LARGE,
    );
    expect(importFileProblem({ name: 'Genome.VCF.GZ', size: IMPORT_MAX_BYTES })).toBeNull();
    expect(importFileProblem({ name: 'AncestryDNA.zip', size: 10 })).toBeNull();
  });
});

describe('what an upload says when it stops', () => {
  it('reads the server’s sentence from a refusal', () => {
    expect(uploadFailure(tusError(400, IMPORT_FILE_REFUSED))).toEqual({
      message: IMPORT_FILE_REFUSED,
      canResume: false,
    });
    expect(uploadFailure(tusError(413, `${IMPORT_TOO_LARGE}\n`))).toEqual({
      message: IMPORT_TOO_LARGE,
      canResume: false,
    });
    expect(uploadFailure(tusError(403, JSON.stringify({ message: DATA_PORTAL_OFF })))).toEqual({
      message: DATA_PORTAL_OFF,
      canResume: false,
    });
  });

  it('takes a 409 at creation as a refusal, not something to retry', () => {
    const tooMany = 'You have 3 uploads that have not finished.';
    expect(uploadFailure(tusError(409, tooMany))).toEqual({ message: tooMany, canResume: false });
    expect(shouldRetryUpload(tusError(409, tooMany))).toBe(false);
    // On a PATCH, 409 means the offsets disagreed: tus asks again and continues.
    expect(shouldRetryUpload(tusError(409, 'Upload-Offset conflict', 'PATCH'))).toBe(true);
    expect(uploadFailure(tusError(409, 'Upload-Offset conflict', 'PATCH')).canResume).toBe(true);
    expect(shouldRetryUpload(tusError(400, IMPORT_FILE_REFUSED))).toBe(false);
    expect(shouldRetryUpload(tusError(503, 'Unavailable', 'PATCH'))).toBe(true);
  });

  it('falls back to plain words for an HTML page or an empty body', () => {
    expect(
      uploadFailure(tusError(413, '<html><body>413 Request Entity Too Large</body></html>')),
    ).toEqual({ message: UPLOAD_REFUSED, canResume: false });
    expect(uploadFailure(tusError(400, ''))).toEqual({ message: UPLOAD_REFUSED, canResume: false });
  });

  it('says to sign in again on 401', () => {
    expect(uploadFailure(tusError(401, 'Unauthorized'))).toEqual({
      message: UPLOAD_SIGNED_OUT,
      canResume: false,
    });
  });

  it('offers Resume after a dropped connection or a server error', () => {
    const dropped = Object.assign(new Error('tus: failed to upload chunk'), {
      originalRequest: {},
      originalResponse: null,
    });
    expect(uploadFailure(dropped)).toEqual({ message: UPLOAD_STOPPED, canResume: true });
    expect(uploadFailure(tusError(502, 'Bad Gateway'))).toEqual({
      message: UPLOAD_STOPPED,
      canResume: true,
    });
    expect(uploadFailure(tusError(423, 'locked'))).toEqual({
      message: UPLOAD_STOPPED,
      canResume: true,
    });
    expect(uploadFailure(new Error('anything'))).toEqual({
      message: UPLOAD_STOPPED,
      canResume: true,
    });
  });

  it('reads only sentences from a body', () => {
    expect(sentenceOf('  Something went wrong.  ')).toBe('Something went wrong.');
    expect(sentenceOf(JSON.stringify({ error: 'Forbidden' }))).toBe('Forbidden');
    expect(sentenceOf('{not json')).toBeNull();
    expect(sentenceOf('x'.repeat(401))).toBeNull();
    expect(sentenceOf(undefined)).toBeNull();
  });
});

describe('the rest of the words', () => {
  it('finds the import id in the upload URL', () => {
    expect(importIdFromUploadUrl('https://portal.example/api/my-data/uploads/a1b2c3')).toBe(
      'a1b2c3',
    );
    expect(importIdFromUploadUrl('/api/my-data/uploads/a1b2c3/?x=1')).toBe('a1b2c3');
    expect(importIdFromUploadUrl('https://portal.example/')).toBeNull();
  });

  it('writes counts, the call rate and which states are still moving', () => {
    expect(countText(638531)).toBe('638,531');
    expect(callRateText(0.98114)).toBe('98.1%');
    expect(callRateText(1)).toBe('100.0%');
    expect(callRateText(3200 / 3201)).toBe('99.9%');
    expect(isImportActive('uploading')).toBe(true);
    expect(isImportActive('queued')).toBe(true);
    expect(isImportActive('importing')).toBe(true);
    expect(isImportActive('done')).toBe(false);
    expect(isImportActive('failed')).toBe(false);
  });
});
