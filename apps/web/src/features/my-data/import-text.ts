import {
  IMPORT_EMPTY_FILE,
  IMPORT_FILE_REFUSED,
  IMPORT_MAX_BYTES,
  IMPORT_TOO_LARGE,
  importFileEnding,
  type ImportFormat,
  type ImportState,
  type ImportSummary,
} from '@nestling/shared/contract/my-data';
import { usDateTimeOf } from '../../ui/us-date.ts';

/*
 * The words of the My Data import pages: sizes, progress, states, what reading a file found,
 * the checks made before an upload and what to say when one stops. Pure, so they are tested
 * without a server.
 */

export const IMPORT_NO_FILE = 'Choose a file to upload.';

/** Said when an upload stopped without a sentence from the server (a dropped connection). */
export const UPLOAD_STOPPED =
  'The upload stopped. Check your connection and choose Resume to continue.';
/** Said when the server refused an upload without a sentence of its own. */
export const UPLOAD_REFUSED =
  'The server did not accept this upload. Try again later, or write to the lab if it keeps happening.';
/** Said on HTTP 401: the sign-in ended while the file was uploading. */
export const UPLOAD_SIGNED_OUT =
  'You were signed out during the upload. Sign in again and choose the same file: the upload continues where it stopped.';

const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/**
 * 1234567 -> '1.2 MB'. Units of 1024, like the 2 GB limit (IMPORT_MAX_BYTES), so a file shown
 * as larger than 2 GB is one the server refuses.
 */
export function bytesText(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${String(bytes)} bytes`;
  let value = bytes / 1024;
  let unit = 0;
  // 1023.96 KB is shown as 1.0 MB, not 1024.0 KB.
  while (unit < UNITS.length - 1 && Number(value.toFixed(1)) >= 1024) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${UNITS[unit] ?? 'TB'}`;
}

/** Whole percent of done in total; 100 only when it is all done, 0 when there is no total. */
export function percentOf(done: number, total: number | null): number {
  if (total === null || total <= 0) return 0;
  const percent = Math.round((Math.min(done, total) / total) * 100);
  return percent === 100 && done < total ? 99 : percent;
}

/** '12.3 MB of 45.6 MB (27%)'. */
export function progressText(done: number, total: number): string {
  return `${bytesText(done)} of ${bytesText(total)} (${String(percentOf(done, total))}%)`;
}

/** Why a chosen file cannot be uploaded, checked in the browser before any upload; else null. */
export function importFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (importFileEnding(file.name) === null) return IMPORT_FILE_REFUSED;
  if (file.size === 0) return IMPORT_EMPTY_FILE;
  if (file.size > IMPORT_MAX_BYTES) return IMPORT_TOO_LARGE;
  return null;
}

/** The `accept` list of the file input: the endings, and .gz for browsers that match one dot. */
export const IMPORT_ACCEPT = '.txt,.zip,.vcf,.vcf.gz,.vcf.bgz,.gz,.bgz';

/** The import's id: the last path segment of the tus upload's URL (its Location). */
export function importIdFromUploadUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url, 'http://localhost').pathname;
  } catch {
    return null;
  }
  const segment = path
    .split('/')
    .filter((part) => part !== '')
    .pop();
  if (segment === undefined) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A sentence the server sent as the body: plain text, or a JSON error's message. */
export function sentenceOf(body: string | undefined | null): string | null {
  const text = (body ?? '').trim();
  // Empty, an HTML page from a proxy, or something far longer than a sentence.
  if (text === '' || text.startsWith('<') || text.length > 400) return null;
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as { message?: unknown; error?: unknown };
      if (typeof parsed.message === 'string' && parsed.message.trim() !== '') {
        return parsed.message.trim();
      }
      if (typeof parsed.error === 'string' && parsed.error.trim() !== '') {
        return parsed.error.trim();
      }
    } catch {
      // Not JSON after all: not a sentence either.
    }
    return null;
  }
  return text;
}

/** The parts of a tus-js-client DetailedError this page reads. */
interface ResponseLike {
  getStatus(): number;
  getBody(): string;
}

function responseOf(error: unknown): ResponseLike | null {
  if (typeof error !== 'object' || error === null || !('originalResponse' in error)) return null;
  const response: unknown = error.originalResponse;
  if (typeof response !== 'object' || response === null) return null;
  const { getStatus, getBody } = response as Partial<ResponseLike>;
  return typeof getStatus === 'function' && typeof getBody === 'function'
    ? (response as ResponseLike)
    : null;
}

function methodOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('originalRequest' in error)) return null;
  const request: unknown = error.originalRequest;
  if (typeof request !== 'object' || request === null) return null;
  const { getMethod } = request as { getMethod?: unknown };
  return typeof getMethod === 'function'
    ? String((getMethod as () => unknown).call(request))
    : null;
}

/**
 * Whether the server refused, so that trying again cannot help: a 4xx, except 423 (locked for a
 * moment) and a 409 on a PATCH or HEAD (the offsets disagreed: tus looks again and continues).
 * A 409 when creating the upload is a refusal (too many unfinished uploads).
 */
function isRefusal(status: number, method: string | null): boolean {
  if (status < 400 || status >= 500 || status === 423) return false;
  return status !== 409 || method === 'POST';
}

/**
 * tus-js-client's onShouldRetry: its own rule (retry unless refused, and only when the browser
 * is online), with a 409 at creation counted as a refusal.
 */
export function shouldRetryUpload(error: unknown): boolean {
  const status = responseOf(error)?.getStatus() ?? 0;
  if (isRefusal(status, methodOf(error))) return false;
  return typeof navigator === 'undefined' || navigator.onLine;
}

export interface UploadFailure {
  message: string;
  /** Whether Resume can help: the connection or the server broke off, it did not refuse. */
  canResume: boolean;
}

/** What to say when a tus upload stops, from its error. */
export function uploadFailure(error: unknown): UploadFailure {
  const response = responseOf(error);
  const status = response?.getStatus() ?? 0;
  if (!response || !isRefusal(status, methodOf(error))) {
    return { message: UPLOAD_STOPPED, canResume: true };
  }
  if (status === 401) return { message: UPLOAD_SIGNED_OUT, canResume: false };
  let body: string | null = null;
  try {
    body = response.getBody();
  } catch {
    // Some responses have no readable body.
  }
  return { message: sentenceOf(body) ?? UPLOAD_REFUSED, canResume: false };
}

export const IMPORT_STATE_LABELS: Record<ImportState, string> = {
  uploading: 'Uploading',
  queued: 'Waiting to be read',
  importing: 'Reading',
  done: 'Imported',
  failed: 'Failed',
};

/** True while the list should be read again: the upload or the reading is not over. */
export function isImportActive(state: ImportState): boolean {
  return state === 'uploading' || state === 'queued' || state === 'importing';
}

export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  '23andme': '23andMe',
  ancestrydna: 'AncestryDNA',
  vcf: 'VCF',
};

const counts = new Intl.NumberFormat('en-US');

/** 638531 -> '638,531'. */
export function countText(count: number): string {
  return counts.format(count);
}

/** 0.98765 -> '98.8%'. */
export function callRateText(callRate: number): string {
  // Rounded down, so that a file with no-calls never reads as 100.0%.
  return `${(Math.floor(callRate * 1000) / 10).toFixed(1)}%`;
}

/** The chromosomal sex the data implies, in words. */
export function impliedSexText(sex: ImportSummary['impliedSex']): string {
  return sex ?? 'could not tell';
}

export const SEX_MISMATCH_WARNING =
  "This differs from the sex on your profile. If this file is someone else's, delete it.";

/** '6/15/2026, 2:05 PM', in the browser's time zone, as every date a patient reads. */
export const importDateTime = usDateTimeOf;
