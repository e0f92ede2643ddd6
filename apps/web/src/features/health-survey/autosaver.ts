import type {
  Answers,
  AnswerValue,
  SurveyResponseAnswer,
  SurveySaveRequest,
} from '@nestling/shared/contract/health-survey';
import { answersOf, applyAnswers } from '@nestling/shared/health-survey/answers';
import type { SurveyVariant } from '@nestling/shared/health-survey/questionnaires';

/*
 * Autosave that never loses an answer. Every edit goes first into `pending`, which is written
 * to localStorage (keyed by user and variant) before it is sent; it leaves `pending` only when
 * the server has stored that very value. A failed save (network, a server error, a 401 after
 * the session ends) keeps it there and is retried, and the next load of the page resends it.
 * A save with a stale revision (another tab or device) answers 409 with the stored response:
 * the server's answers win for the other questions and our pending edits are applied on top.
 */

export type SaveState =
  | 'idle'
  | 'saving'
  | 'saved'
  /** A save failed; the answers wait in this browser and are retried. */
  | 'retrying'
  /** A submitted survey must stay complete: the change waits for the questions it opens. */
  | 'needs-answers'
  /** A report has been issued: nothing can change any more. */
  | 'locked';

/** What a save can answer, as the hook's caller reads it from the API client. */
export type SaveOutcome =
  | { kind: 'saved'; answer: SurveyResponseAnswer }
  | { kind: 'conflict'; current: SurveyResponseAnswer }
  | { kind: 'locked'; message: string }
  | { kind: 'incomplete'; message: string; missing: string[] }
  | { kind: 'failed' };

export interface AutosaverSnapshot {
  server: SurveyResponseAnswer;
  pending: Answers;
  /** The stored answers with the pending ones on top: what the form shows. */
  answers: Answers;
  state: SaveState;
  /** The questions a refused change of a completed survey needs answered. */
  missing: string[];
  message: string | null;
}

export interface StoredPending {
  answers: Answers;
  page: string | null;
}

export function pendingStorageKey(userId: string, variant: SurveyVariant): string {
  return `nestling.health-survey.${userId}.${variant}`;
}

export function readStoredPending(storage: Storage | undefined, key: string): StoredPending {
  try {
    const text = storage?.getItem(key);
    if (!text) return { answers: {}, page: null };
    const parsed = JSON.parse(text) as { answers?: unknown; page?: unknown };
    return {
      // Sent as it is: the server checks every answer against the Questionnaire.
      answers:
        typeof parsed.answers === 'object' && parsed.answers !== null
          ? (parsed.answers as Answers)
          : {},
      page: typeof parsed.page === 'string' ? parsed.page : null,
    };
  } catch {
    return { answers: {}, page: null };
  }
}

function writeStoredPending(storage: Storage | undefined, key: string, value: StoredPending) {
  try {
    if (Object.keys(value.answers).length === 0 && value.page === null) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    // A full or blocked storage: the answers are still in memory and sent as usual.
  }
}

const same = (a: AnswerValue[] | undefined, b: AnswerValue[] | undefined) =>
  JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

export interface AutosaverOptions {
  initial: SurveyResponseAnswer;
  storageKey: string;
  storage?: Storage | undefined;
  save: (request: SurveySaveRequest) => Promise<SaveOutcome>;
  /** Text waits this long after the last key press. */
  debounceMs?: number;
  /** A failed save is tried again after this long. */
  retryMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export function createAutosaver(options: AutosaverOptions) {
  const { storage, storageKey, save } = options;
  const debounceMs = options.debounceMs ?? 600;
  const retryMs = options.retryMs ?? 5000;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer =
    options.clearTimer ??
    ((timer) => {
      clearTimeout(timer as ReturnType<typeof setTimeout>);
    });

  const stored = readStoredPending(storage, storageKey);
  let server = options.initial;
  let pending: Answers = stored.answers;
  let page: string | null = stored.page;
  let state: SaveState = options.initial.editable ? 'idle' : 'locked';
  let missing: string[] = [];
  let message: string | null = null;
  let inFlight = false;
  let again = false;
  let timer: unknown = null;
  let stopped = false;
  const listeners = new Set<() => void>();
  let snapshot: AutosaverSnapshot = build();

  function build(): AutosaverSnapshot {
    return {
      server,
      pending,
      answers: applyAnswers(answersOf(server.response), pending),
      state,
      missing,
      message,
    };
  }

  function changed() {
    writeStoredPending(storage, storageKey, { answers: pending, page });
    snapshot = build();
    for (const listener of listeners) listener();
  }

  function schedule(ms: number) {
    if (timer !== null) clearTimer(timer);
    timer = setTimer(() => {
      timer = null;
      void flush();
    }, ms);
  }

  async function flush(): Promise<void> {
    if (state === 'locked') return;
    if (inFlight) {
      again = true;
      return;
    }
    if (Object.keys(pending).length === 0 && page === null) return;
    inFlight = true;
    const sent = pending;
    const sentPage = page;
    state = 'saving';
    changed();
    let outcome: SaveOutcome;
    try {
      outcome = await save({
        revision: server.revision,
        answers: sent,
        ...(sentPage === null ? {} : { currentPage: sentPage }),
      });
    } catch {
      outcome = { kind: 'failed' };
    }
    inFlight = false;
    switch (outcome.kind) {
      case 'saved': {
        server = outcome.answer;
        // Only what the server stored leaves the queue: an edit made meanwhile stays.
        const left: Answers = {};
        for (const [linkId, given] of Object.entries(pending)) {
          if (!same(given, sent[linkId])) left[linkId] = given;
        }
        pending = left;
        if (page === sentPage) page = null;
        missing = [];
        message = null;
        state = Object.keys(pending).length === 0 && page === null ? 'saved' : 'saving';
        break;
      }
      case 'conflict':
        // The server's answers win for the other questions; our edits go again on top.
        server = outcome.current;
        again = true;
        state = 'saving';
        break;
      case 'locked':
        server = { ...server, editable: false };
        state = 'locked';
        message = outcome.message;
        break;
      case 'incomplete':
        state = 'needs-answers';
        missing = outcome.missing;
        message = outcome.message;
        break;
      case 'failed':
        state = 'retrying';
        // Once the page is closed, the next visit resends what waits in storage.
        if (!stopped) schedule(retryMs);
        break;
    }
    changed();
    if ((again || state === 'saving') && outcome.kind !== 'failed') {
      again = false;
      await flush();
    }
  }

  return {
    getSnapshot: (): AutosaverSnapshot => snapshot,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** An answer given: choices are sent at once, text after a pause in typing. */
    setAnswer(linkId: string, values: AnswerValue[], { typing = false } = {}) {
      if (state === 'locked') return;
      pending = { ...pending, [linkId]: values };
      if (state !== 'needs-answers' && state !== 'retrying') state = 'saving';
      changed();
      schedule(typing ? debounceMs : 0);
    },
    /** The page the person is on, so that the survey reopens there. */
    setPage(next: string) {
      if (state === 'locked' || next === (page ?? server.currentPage)) return;
      page = next;
      changed();
      schedule(0);
    },
    /** Sends what waits now (a reconnect, leaving the page). */
    flush,
    /** Whether anything waits to be stored. */
    hasPending: () => Object.keys(pending).length > 0,
    /** The page opened (again): retries may run. */
    start() {
      stopped = false;
    },
    /** The page closed: what waits for a pause in typing goes now, and retries end. */
    stop() {
      stopped = true;
      if (timer !== null) {
        clearTimer(timer);
        timer = null;
        void flush();
      }
    },
  };
}

export type Autosaver = ReturnType<typeof createAutosaver>;
