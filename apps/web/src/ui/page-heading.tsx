import type { ReactNode } from 'react';
import classes from './page-heading.module.css';

/**
 * The page's one h1, with an optional lead sentence under it. Plain elements in Mantine's
 * heading style: every page has one, /signin included, whose first load has a budget (ADR 038).
 */
export function PageHeading({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <div className={classes.heading}>
      <h1 className={classes.title}>{title}</h1>
      {lead !== undefined && <p className={classes.lead}>{lead}</p>}
    </div>
  );
}
