import { Anchor } from '@mantine/core';
import { OpenAllButtons } from './openable-sections.tsx';
import classes from './reports.module.css';

/** The ids of a report's parts, the same on every kind of report. */
export const CONDITIONS_ID = 'conditions';
export const FINDINGS_ID = 'single-gene-findings';
export const TRAITS_ID = 'traits';
export const SCREENED_ID = 'what-was-screened';
export const TEST_ID = 'about-this-test';

export interface ContentsEntry {
  /** The id of the part of the page the entry leads to. */
  id: string;
  label: string;
}

/**
 * A long report's contents: a link to each of its parts and the buttons that
 * open or close every section, kept at the top of the window on a wide screen.
 */
export function ReportContents({
  entries,
  label = 'Contents of this report',
}: {
  entries: readonly ContentsEntry[];
  label?: string;
}) {
  return (
    <nav aria-label={label} className={classes.contents}>
      <ul>
        {entries.map((entry) => (
          <li key={entry.id}>
            <Anchor href={`#${entry.id}`} size="sm">
              {entry.label}
            </Anchor>
          </li>
        ))}
      </ul>
      <OpenAllButtons />
    </nav>
  );
}
