import { Fragment } from 'react';
import classes from './variant-name.module.css';

/**
 * A variant's name in the pieces a line may break between: after a colon, before a bracket and
 * at a space ('NM_000492.4', '(CFTR):', 'c.1521_1523del'). Within a piece it never breaks, so
 * no line ends in the middle of an accession or a change.
 */
export function variantNamePieces(name: string): string[] {
  return name.split(/(?<=[:\s])|(?=\()/).filter((piece) => piece !== '');
}

/** A variant's name in the monospace face, broken only between its pieces. */
export function VariantName({ name }: { name: string }) {
  return (
    <span className={classes.variant}>
      {variantNamePieces(name).map((piece, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          <span className={classes.piece}>{piece}</span>
        </Fragment>
      ))}
    </span>
  );
}
