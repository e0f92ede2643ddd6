import type {
  Answers,
  SurveyResponseAnswer,
  SurveySaveRequest,
} from '@nestling/shared/contract/health-survey';
import { answersOf, buildResponse } from '@nestling/shared/health-survey/answers';
import { questionnaireFor } from '@nestling/shared/health-survey/questionnaires';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createAutosaver,
  pendingStorageKey,
  readStoredPending,
  type SaveOutcome,
} from './autosaver.ts';

const key = pendingStorageKey('user-1', 'saliva-mother');

function stored(
  answers: Answers,
  revision: number,
  status: 'in-progress' | 'completed' = 'in-progress',
): SurveyResponseAnswer {
  return {
    variant: 'saliva-mother',
    status: revision === 0 ? 'not-started' : status,
    revision,
    currentPage: null,
    editable: true,
    response: buildResponse(questionnaireFor('saliva-mother'), answers, {
      id: 'r1',
      status,
      authored: '2026-03-02T10:00:00.000Z',
      subject: 'user-1',
    }),
  };
}

/** A server that stores what it is sent, or answers as told. */
function fakeServer(start: SurveyResponseAnswer) {
  let current = start;
  const requests: SurveySaveRequest[] = [];
  const next: (SaveOutcome | 'store')[] = [];
  return {
    requests,
    next,
    get current() {
      return current;
    },
    set current(value: SurveyResponseAnswer) {
      current = value;
    },
    save: (request: SurveySaveRequest): Promise<SaveOutcome> => {
      requests.push(request);
      const planned = next.shift() ?? 'store';
      if (planned !== 'store') return Promise.resolve(planned);
      if (request.revision !== current.revision) {
        return Promise.resolve({ kind: 'conflict', current });
      }
      const answers = { ...answersOf(current.response), ...request.answers };
      current = {
        ...stored(answers, current.revision + 1),
        currentPage: request.currentPage ?? current.currentPage,
      };
      return Promise.resolve({ kind: 'saved', answer: current });
    },
  };
}

/** Timers run when the test says so. */
function manualTimers() {
  const due: (() => void)[] = [];
  return {
    setTimer: (run: () => void) => {
      due.push(run);
      return due.length;
    },
    clearTimer: () => undefined,
    runAll: () => {
      for (const run of due.splice(0)) run();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('survey autosave', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('saves a choice, keeps it in storage until stored, and moves to Saved', async () => {
    const server = fakeServer(stored({}, 0));
    const timers = manualTimers();
    const saver = createAutosaver({
      initial: server.current,
      storageKey: key,
      storage: localStorage,
      save: server.save,
      ...timers,
    });
    saver.setAnswer('self-t2d', [{ valueBoolean: true }]);
    expect(saver.getSnapshot().state).toBe('saving');
    expect(readStoredPending(localStorage, key).answers).toEqual({
      'self-t2d': [{ valueBoolean: true }],
    });
    expect(saver.getSnapshot().answers['self-t2d']).toEqual([{ valueBoolean: true }]);
    timers.runAll();
    await settle();
    expect(server.requests).toEqual([
      { revision: 0, answers: { 'self-t2d': [{ valueBoolean: true }] } },
    ]);
    expect(saver.getSnapshot().state).toBe('saved');
    expect(saver.getSnapshot().server.revision).toBe(1);
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('keeps answers through a failed save, says so, and resends them on the next load', async () => {
    const server = fakeServer(stored({}, 0));
    server.next.push({ kind: 'failed' });
    const timers = manualTimers();
    const first = createAutosaver({
      initial: server.current,
      storageKey: key,
      storage: localStorage,
      save: server.save,
      ...timers,
    });
    first.setAnswer('self-other', [{ valueString: 'Migraine' }], { typing: true });
    timers.runAll();
    await settle();
    expect(first.getSnapshot().state).toBe('retrying');
    expect(first.getSnapshot().answers['self-other']).toEqual([{ valueString: 'Migraine' }]);
    first.stop();

    // Signed out, signed in again: a new page load finds the answer and sends it.
    const second = createAutosaver({
      initial: server.current,
      storageKey: key,
      storage: localStorage,
      save: server.save,
      ...manualTimers(),
    });
    expect(second.getSnapshot().answers['self-other']).toEqual([{ valueString: 'Migraine' }]);
    await second.flush();
    expect(second.getSnapshot().state).toBe('saved');
    expect(answersOf(server.current.response)['self-other']).toEqual([{ valueString: 'Migraine' }]);
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('merges on a stale revision: the server’s other answers kept, its own edit re-applied', async () => {
    const server = fakeServer(stored({ height: [{ valueInteger: 60 }] }, 1));
    const saver = createAutosaver({
      initial: server.current,
      storageKey: key,
      storage: localStorage,
      save: server.save,
      ...manualTimers(),
    });
    // Another device saves meanwhile.
    server.current = stored(
      { height: [{ valueInteger: 62 }], 'self-cad': [{ valueBoolean: false }] },
      2,
    );
    saver.setAnswer('self-t2d', [{ valueBoolean: true }]);
    await saver.flush();
    expect(server.requests.map((request) => request.revision)).toEqual([1, 2]);
    expect(saver.getSnapshot().state).toBe('saved');
    expect(saver.getSnapshot().answers).toEqual({
      height: [{ valueInteger: 62 }],
      'self-cad': [{ valueBoolean: false }],
      'self-t2d': [{ valueBoolean: true }],
    });
  });

  it('holds a change a submitted survey refuses until the questions it opens are answered', async () => {
    const server = fakeServer(stored({}, 3, 'completed'));
    server.next.push({
      kind: 'incomplete',
      message: 'answer the new questions',
      missing: ['family-cad-relatives'],
    });
    const saver = createAutosaver({
      initial: server.current,
      storageKey: key,
      storage: localStorage,
      save: server.save,
      ...manualTimers(),
    });
    saver.setAnswer('family-cad', [{ valueBoolean: true }]);
    await saver.flush();
    expect(saver.getSnapshot()).toMatchObject({
      state: 'needs-answers',
      missing: ['family-cad-relatives'],
    });
    saver.setAnswer('family-cad-relatives', [{ valueCoding: { code: 'mother' } }]);
    await saver.flush();
    expect(server.requests.at(-1)?.answers).toEqual({
      'family-cad': [{ valueBoolean: true }],
      'family-cad-relatives': [{ valueCoding: { code: 'mother' } }],
    });
    expect(saver.getSnapshot().state).toBe('saved');
  });

  it('stops once the survey is locked by a report', async () => {
    const server = fakeServer(stored({}, 1));
    server.next.push({ kind: 'locked', message: 'A report has been issued' });
    const saver = createAutosaver({
      initial: server.current,
      storageKey: key,
      storage: localStorage,
      save: server.save,
      ...manualTimers(),
    });
    saver.setAnswer('height', [{ valueInteger: 61 }]);
    await saver.flush();
    expect(saver.getSnapshot()).toMatchObject({
      state: 'locked',
      message: 'A report has been issued',
    });
    saver.setAnswer('height', [{ valueInteger: 62 }]);
    await saver.flush();
    expect(server.requests).toHaveLength(1);
  });
});
