import { ReportPageLink, type EmbryoReportLinks } from './embryo-links.tsx';
import classes from './embryo-reports.module.css';
import { reportsClasses as reportClasses } from '../reports/index.ts';

/**
 * The ways into one report, on each of its pages, as tabs like the reports home's; the page open
 * is marked as current. On a phone the row scrolls sideways rather than wrapping.
 */
export function ReportPages({ links }: { links: EmbryoReportLinks }) {
  return (
    <nav aria-label="Pages of this report" className={reportClasses.screenOnly}>
      <ul className={classes.viewNav}>
        <li>
          <ReportPageLink links={links} view="report" className={classes.viewTab}>
            Report
          </ReportPageLink>
        </li>
        <li>
          <ReportPageLink links={links} view="overview" className={classes.viewTab}>
            Overview
          </ReportPageLink>
        </li>
        <li>
          <ReportPageLink links={links} view="compare" className={classes.viewTab}>
            Compare embryos
          </ReportPageLink>
        </li>
        <li>
          <ReportPageLink links={links} view="platinum" className={classes.viewTab}>
            Risk charts
          </ReportPageLink>
        </li>
      </ul>
    </nav>
  );
}
