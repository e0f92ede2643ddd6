import { VisuallyHidden } from '@mantine/core';
import { riskPercent } from '@nestling/shared/report-wording';
import { NOT_ACCURATE_ENOUGH } from '@nestling/shared/risk/reportable';
import type { ComparisonDisease, ComparisonRow } from './comparison.ts';
import { EmbryoPageLink, type EmbryoReportLinks } from './embryo-links.tsx';
import { capitalize, embryoName, notReportedReason } from './embryo-wording.ts';
import { HEAT_BANDS, HEAT_TEXT, heatBand } from './heat-map.ts';
import classes from './heat-map.module.css';
import { ScrollRegion } from '../reports/index.ts';

/*
 * Every condition for every embryo on one screen: a row per condition, a
 * column per embryo in the order chosen above, and in each cell the embryo's absolute lifetime
 * risk, as the table prints it, on a color for how it compares with the population average. A
 * table, so a screen reader reads each number with its condition and its embryo; the relative
 * risk, which the color shows, is in the cell's words for it too.
 */

const HEAT_MAP_CAPTION =
  "Heat map: each embryo's lifetime risk of each condition, colored by how it compares with the average";

/** The key to the colors, above the map so that it stays in view on a phone. */
function HeatMapLegend() {
  return (
    <ul className={classes.legend} aria-label="Key to the heat map's colors">
      {HEAT_BANDS.map((band) => (
        <li key={band.band}>
          <span
            className={classes.swatch}
            style={{ backgroundColor: band.background }}
            aria-hidden
          />
          {band.label} ({band.range})
        </li>
      ))}
      <li>
        <span className={`${classes.swatch} ${classes.emptySwatch}`} aria-hidden>
          –
        </span>
        Not reported
      </li>
    </ul>
  );
}

/** One condition's row: its name, the population's average, then each embryo's risk. */
function ConditionRow({
  disease,
  rows,
}: {
  disease: ComparisonDisease;
  rows: readonly ComparisonRow[];
}) {
  return (
    <tr>
      <th scope="row">
        {disease.name}
        {disease.reportedSex !== undefined && (
          <span className={classes.note}>{capitalize(disease.reportedSex)} embryos only</span>
        )}
      </th>
      {disease.heldBack ? (
        // No number anywhere in the row: the score explains too little (ADR 030).
        <td colSpan={rows.length + 1} className={classes.heldBack}>
          {NOT_ACCURATE_ENOUGH}
        </td>
      ) : (
        <>
          <td className={classes.average}>{riskPercent(disease.populationRisk)}</td>
          {rows.map(({ embryo, results }) => {
            const result = results.get(disease.code);
            if (result === undefined) {
              return (
                <td key={embryo.label} className={classes.empty}>
                  <span aria-hidden>–</span>
                  <VisuallyHidden>
                    Not reported: {notReportedReason(embryo, disease.code)}
                  </VisuallyHidden>
                </td>
              );
            }
            return (
              <td
                key={embryo.label}
                className={classes.risk}
                style={{ backgroundColor: heatBand(result.relativeRisk).background }}
              >
                {riskPercent(result.absoluteRisk)}
                <VisuallyHidden>{` (${result.relativeRisk.toFixed(2)}× average)`}</VisuallyHidden>
              </td>
            );
          })}
        </>
      )}
    </tr>
  );
}

/** The heat map of the embryos shown, in their order, against every condition of the report. */
export function ComparisonHeatMap({
  rows,
  diseases,
  links,
}: {
  rows: readonly ComparisonRow[];
  diseases: readonly ComparisonDisease[];
  links: EmbryoReportLinks;
}) {
  if (rows.length === 0) return <p>Every embryo is hidden by the choices above.</p>;
  return (
    <div className={classes.heatMap}>
      <HeatMapLegend />
      <ScrollRegion
        label={`${HEAT_MAP_CAPTION} (scrolls sideways)`}
        hint="Scroll the heat map sideways to see every embryo; the condition names stay in place."
        hintOnPhone
        phoneLayout="scroll"
      >
        <table className={classes.table} style={{ color: HEAT_TEXT }}>
          <caption className={classes.caption}>
            <span className={classes.captionText}>{HEAT_MAP_CAPTION}</span>
          </caption>
          <thead>
            <tr>
              <th scope="col">Condition</th>
              <th scope="col" className={classes.average}>
                Average
              </th>
              {rows.map(({ embryo, position }) => (
                <th key={embryo.label} scope="col" className={classes.embryo}>
                  {/* On a phone most columns start out of sight, where a link could not be
                      reached without scrolling sideways: the name only (the table's row
                      headings lead to each embryo's page). */}
                  <EmbryoPageLink
                    links={links}
                    position={position}
                    className={`${classes.link} desktop-only`}
                  >
                    {embryoName(embryo.label)}
                  </EmbryoPageLink>
                  <span className="phone-only">{embryoName(embryo.label)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {diseases.map((disease) => (
              <ConditionRow key={disease.code} disease={disease} rows={rows} />
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
