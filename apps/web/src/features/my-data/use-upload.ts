import { IMPORT_UPLOAD_PATH } from '@nestling/shared/contract/my-data';
import { useQueryClient } from '@tanstack/react-query';
import { defaultOptions, Upload, type PreviousUpload } from 'tus-js-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { useApi } from '../../lib/api-context.tsx';
import { ApiError } from '../../lib/api.ts';
import { getAuthToken } from '../../lib/auth-cookie.ts';
import {
  importIdFromUploadUrl,
  percentOf,
  shouldRetryUpload,
  uploadFailure,
} from './import-text.ts';
import { importsQueryKey } from './use-imports.ts';

/** 8 MiB per PATCH, so a reverse proxy's request-size limit does not break a large file. */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;
/** Waits before each automatic retry after a dropped connection or a 5xx. */
export const UPLOAD_RETRY_DELAYS = [0, 1000, 3000, 5000];

export type UploadStatus = 'idle' | 'uploading' | 'paused' | 'failed' | 'done';

export interface UploadState {
  status: UploadStatus;
  fileName: string;
  bytesSent: number;
  bytesTotal: number;
  /** The percent an earlier upload of this file had reached, when this one continues it. */
  continuedFrom: number | null;
  /** Why it stopped (status 'failed'), or a note after a cancel. */
  message: string | null;
  /** Whether Resume can help after a failure. */
  canResume: boolean;
  /** The import's id, once the server created the upload. */
  importId: string | null;
}

const IDLE: UploadState = {
  status: 'idle',
  fileName: '',
  bytesSent: 0,
  bytesTotal: 0,
  continuedFrom: null,
  message: null,
  canResume: false,
  importId: null,
};

export const CANCEL_NOT_REMOVED =
  'The upload stopped, but its unfinished file could not be removed. Delete it on the imports page.';

/** The newest of the earlier uploads of the same file (same name, type, size and date). */
function newest(previous: PreviousUpload[]): PreviousUpload | undefined {
  return [...previous].sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
}

/**
 * A resumable genome upload with tus (POST to IMPORT_UPLOAD_PATH, then PATCHes of 8 MiB). The
 * upload's URL is kept in localStorage under the file's fingerprint, so choosing the same file
 * after a reload or a dropped connection continues where it stopped. Leaving the page pauses
 * the upload; it is never deleted but by Cancel.
 */
export function useUpload() {
  const api = useApi();
  const queryClient = useQueryClient();
  const uploadRef = useRef<Upload | null>(null);
  /** Counts start and cancel calls, so that a start overtaken while it looks is dropped. */
  const generationRef = useRef(0);
  const [state, setState] = useState<UploadState>(IDLE);

  useEffect(
    () => () => {
      void uploadRef.current?.abort();
      uploadRef.current = null;
    },
    [],
  );

  const refreshImports = useCallback(
    () => queryClient.invalidateQueries({ queryKey: importsQueryKey }),
    [queryClient],
  );

  const start = useCallback(
    async (file: File) => {
      generationRef.current += 1;
      const generation = generationRef.current;
      const earlier = uploadRef.current;
      uploadRef.current = null;
      if (earlier) await earlier.abort();

      // Set once an earlier upload of this file is picked up, until the server says how far it got.
      let continuing = false;
      const upload: Upload = new Upload(file, {
        endpoint: api.url(IMPORT_UPLOAD_PATH),
        chunkSize: UPLOAD_CHUNK_BYTES,
        retryDelays: UPLOAD_RETRY_DELAYS,
        onShouldRetry: shouldRetryUpload,
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
        // Read at each request: the token is refreshed during a long upload.
        onBeforeRequest: (request) => {
          const token = getAuthToken();
          if (token !== undefined && token !== '') {
            request.setHeader('Authorization', `Bearer ${token}`);
          }
        },
        onAfterResponse: (request, response) => {
          if (!continuing || request.getMethod() !== 'HEAD') return;
          continuing = false;
          const offset = Number.parseInt(response.getHeader('Upload-Offset') ?? '', 10);
          const length = Number.parseInt(response.getHeader('Upload-Length') ?? '', 10);
          if (response.getStatus() !== 200 || Number.isNaN(offset) || offset <= 0) return;
          if (uploadRef.current !== upload) return;
          setState((current) => ({
            ...current,
            bytesSent: offset,
            continuedFrom: percentOf(offset, Number.isNaN(length) ? file.size : length),
          }));
        },
        onUploadUrlAvailable: () => {
          if (uploadRef.current !== upload || upload.url === null) return;
          const importId = importIdFromUploadUrl(upload.url);
          setState((current) => ({ ...current, importId }));
          void refreshImports();
        },
        onProgress: (bytesSent, bytesTotal) => {
          if (uploadRef.current !== upload) return;
          setState((current) =>
            current.status === 'uploading' ? { ...current, bytesSent, bytesTotal } : current,
          );
        },
        onSuccess: () => {
          if (uploadRef.current !== upload) return;
          uploadRef.current = null;
          setState((current) => ({
            ...current,
            status: 'done',
            bytesSent: current.bytesTotal,
            message: null,
          }));
          void refreshImports();
        },
        onError: (error) => {
          if (uploadRef.current !== upload) return;
          const failure = uploadFailure(error);
          setState((current) => ({
            ...current,
            status: 'failed',
            message: failure.message,
            canResume: failure.canResume,
          }));
          void refreshImports();
        },
      });

      let previous: PreviousUpload[] = [];
      try {
        previous = await upload.findPreviousUploads();
      } catch {
        // No storage (a private window): the upload starts from the beginning.
      }
      if (generationRef.current !== generation) return;
      uploadRef.current = upload;
      setState({ ...IDLE, status: 'uploading', fileName: file.name, bytesTotal: file.size });
      const latest = newest(previous);
      if (latest) {
        continuing = true;
        upload.resumeFromPreviousUpload(latest);
      }
      upload.start();
    },
    [api, refreshImports],
  );

  const pause = useCallback(() => {
    const upload = uploadRef.current;
    if (!upload) return;
    void upload.abort();
    setState((current) => ({ ...current, status: 'paused' }));
  }, []);

  const resume = useCallback(() => {
    const upload = uploadRef.current;
    if (!upload) return;
    setState((current) => ({ ...current, status: 'uploading', message: null }));
    upload.start();
  }, []);

  /** Stops the upload, forgets it and deletes what reached the server. */
  const cancel = useCallback(async () => {
    generationRef.current += 1;
    const generation = generationRef.current;
    const upload = uploadRef.current;
    uploadRef.current = null;
    setState(IDLE);
    if (!upload) return;
    await upload.abort();
    const url = upload.url;
    if (url === null) return;
    try {
      const storage = upload.options.urlStorage ?? defaultOptions.urlStorage;
      const stored = await upload.findPreviousUploads();
      await Promise.all(
        stored
          .filter((entry) => entry.uploadUrl === url)
          .map((entry) => storage.removeUpload(entry.urlStorageKey)),
      );
    } catch {
      // Nothing stored: nothing to forget.
    }
    const importId = importIdFromUploadUrl(url);
    if (importId === null) return;
    try {
      await api.delete(`/my-data/imports/${encodeURIComponent(importId)}`, z.unknown(), {
        redirects: false,
      });
    } catch (error) {
      const gone = error instanceof ApiError && error.status === 404;
      // Unless another upload began meanwhile.
      if (!gone && generationRef.current === generation)
        setState({ ...IDLE, message: CANCEL_NOT_REMOVED });
    }
    await refreshImports();
  }, [api, refreshImports]);

  /** Clears what the last upload said (a refusal, a success), unless one is under way. */
  const reset = useCallback(() => {
    setState((current) =>
      current.status === 'uploading' || current.status === 'paused' ? current : IDLE,
    );
  }, []);

  return { state, start, pause, resume, cancel, reset };
}
