/**
 * The page a staff member has open while viewing a patient's portal (ADR 007): the web app
 * sends both headers with its reads, and the server folds the reads of one page view into one
 * audit row. Without zod, since the API client on every first load sends them.
 */

/** A random UUID the web app draws each time a page is opened. */
export const PAGE_VIEW_HEADER = 'x-page-view';
/** The page's path, without its query (which may hold an email). */
export const PAGE_PATH_HEADER = 'x-page-path';

export const PAGE_VIEW_ID_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A same-origin path of plain URL characters, at most 200 long. */
export const PAGE_PATH_PATTERN = /^\/[\w\-./~%]{0,199}$/;
