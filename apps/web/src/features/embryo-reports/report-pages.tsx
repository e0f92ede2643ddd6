import { ReportPageLink, type EmbryoReportLinks } from './embryo-links.tsx';
import classes from './embryo-reports.module.css';
import reportClasses from '../reports/reports.module.css';

/** The ways into one report, on each of its pages; the page open is marked as current. */
export function ReportPages({ links }: { links: EmbryoReportLinks }) {
  return (
    <nav aria-label="Pages of this report" className={reportClasses.screenOnly}>
      <ul className={classes.viewNav}>
        <li>
          <ReportPageLink links={links} view="report">
            Report
          </ReportPageLink>
        </li>
        <li>
          <ReportPageLink links={links} view="overview">
            Overview
          </ReportPageLink>
        </li>
        <li>
          <ReportPageLink links={links} view="compare">
            Compare embryos
          </ReportPageLink>
        </li>
        <li>
          <ReportPageLink links={links} view="platinum">
            Platinum <span className={classes.viewNavNote}>(detailed charts)</span>
          </ReportPageLink>
        </li>
      </ul>
    </nav>
  );
}
