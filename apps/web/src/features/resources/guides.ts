/**
 * The guides of /resources: where each lives, what it covers in a paragraph, and how long it
 * takes to read (at about 200 words a minute; guides.test.tsx counts the words of each).
 */
export interface GuideSummary {
  readonly path:
    '/resources/what-you-will-learn-from-your-report' | '/resources/embryo-screening-guide';
  readonly title: string;
  readonly summary: string;
  readonly readingMinutes: number;
}

export const REPORT_GUIDE: GuideSummary = {
  path: '/resources/what-you-will-learn-from-your-report',
  title: 'What you will learn from your report',
  summary:
    'What your individual, joint or embryo report holds, the difference between a percentile and ' +
    'an absolute risk, what single-gene findings mean, how to read each chart, what a report ' +
    'cannot tell you, and how a genetic counselor can help.',
  readingMinutes: 10,
};

export const EMBRYO_GUIDE: GuideSummary = {
  path: '/resources/embryo-screening-guide',
  title: 'Embryo screening guide',
  summary:
    'How embryos are tested during IVF, what choosing among them on genetic scores can and ' +
    'cannot do, why ancestry matters for accuracy, what the evidence and professional bodies ' +
    'say, and a glossary of the words you will meet.',
  readingMinutes: 10,
};

/** Words a minute for the stated reading times: a steady adult pace for plain text. */
export const WORDS_PER_MINUTE = 200;
