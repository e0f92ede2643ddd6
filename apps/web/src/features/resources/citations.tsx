import { Anchor } from '@mantine/core';
import { createContext, Fragment, useContext, useMemo, type ReactNode } from 'react';
import { HashLink } from './hash-link.tsx';
import classes from './resources.module.css';

/**
 * One work a guide cites. Only what has been checked against the published record is filled in:
 * a detail that could not be confirmed (a volume, a DOI) is left out rather than guessed.
 */
export interface Reference {
  /** How the text cites it, e.g. 'lencz2021'; also the list item's anchor. */
  readonly key: string;
  /** 'Lencz T, Backenroth D, … Carmi S' or an organization. */
  readonly authors: string;
  readonly year: number;
  readonly title: string;
  readonly journal: string;
  /** Volume, issue and pages or article number, e.g. '10:e64716'. */
  readonly details?: string;
  readonly doi?: string;
}

/** The anchor of a reference in the list: 'ref-lencz2021'. */
export const referenceAnchor = (key: string) => `ref-${key}`;

const CitationNumbers = createContext<ReadonlyMap<string, number> | null>(null);

/** Numbers the guide's references 1, 2, 3 … in the order given, for every `Cite` inside. */
export function CitationProvider({
  references,
  children,
}: {
  references: readonly Reference[];
  children: ReactNode;
}) {
  const numbers = useMemo(
    () => new Map(references.map((reference, index) => [reference.key, index + 1])),
    [references],
  );
  return <CitationNumbers.Provider value={numbers}>{children}</CitationNumbers.Provider>;
}

/**
 * A citation in the text, '[3]' or '[1, 4]', each number a link to its entry in the list. A key
 * the guide does not list is a mistake in the guide: it throws, so a test finds it.
 */
export function Cite({ refs }: { refs: string | readonly string[] }) {
  const numbers = useContext(CitationNumbers);
  if (numbers === null) throw new Error('Cite is used outside a guide');
  const cited = (typeof refs === 'string' ? [refs] : refs).map((key) => {
    const number = numbers.get(key);
    if (number === undefined) throw new Error(`The guide lists no reference '${key}'`);
    return { key, number };
  });
  if (cited.length === 1 && cited[0] !== undefined) {
    const { key, number } = cited[0];
    return (
      <HashLink targetId={referenceAnchor(key)} className={classes.citation}>
        [{number}]
      </HashLink>
    );
  }
  return (
    <span className={classes.citation}>
      [
      {cited.map(({ key, number }, index) => (
        <Fragment key={key}>
          {index > 0 && ', '}
          <HashLink targetId={referenceAnchor(key)}>{number}</HashLink>
        </Fragment>
      ))}
      ]
    </span>
  );
}

/** The numbered list at the end of a guide, in the style of a journal's reference list. */
export function ReferenceList({ references }: { references: readonly Reference[] }) {
  return (
    <ol className={classes.references}>
      {references.map((reference) => (
        <li key={reference.key} id={referenceAnchor(reference.key)} tabIndex={-1}>
          {reference.authors} ({reference.year}). {reference.title}.{' '}
          <cite className={classes.journal}>{reference.journal}</cite>
          {reference.details === undefined ? '' : ` ${reference.details}`}.
          {reference.doi !== undefined && (
            <>
              {' '}
              doi:{' '}
              <Anchor href={`https://doi.org/${reference.doi}`} className={classes.doi}>
                {reference.doi}
              </Anchor>
            </>
          )}
        </li>
      ))}
    </ol>
  );
}
