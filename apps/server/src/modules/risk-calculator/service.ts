import { diseaseCodes, diseases, type DiseaseCode } from '@nestling/shared/catalogue/diseases';
import { isCatalogueCode } from '@nestling/shared/catalogue/catalogue-entry';
import {
  effectiveRiskCondition,
  keepsR2BelowHeritability,
  RISK_CONDITION_UNKNOWN_MESSAGE,
  RISK_R2_ABOVE_H2_MESSAGE,
  type LabRiskValues,
  type RiskCondition,
  type RiskConditionUpdate,
} from '@nestling/shared/contract/risk-calculator';
import type { RiskCalculatorRepository, RiskConditionSettingRow } from './repository.ts';
import { Refusal } from '../../lib/refusal.ts';

/** Who asks: only lab staff see which of them changed a value. */
interface Reader {
  isAdminUser: boolean;
}

function labValues(row: RiskConditionSettingRow, reader: Reader): LabRiskValues {
  return {
    prevalence: row.prevalence,
    r2: row.r2,
    heritability: row.heritability,
    note: row.note,
    changedAt: row.changedAt.toISOString(),
    changedBy: reader.isAdminUser ? row.changedByEmail : null,
  };
}

function catalogueCode(code: string): DiseaseCode {
  if (!isCatalogueCode(diseases, code)) throw new Refusal(404, RISK_CONDITION_UNKNOWN_MESSAGE);
  return code;
}

/** The risk calculator's starting values: the published ones, with the lab's own over them. */
export function createRiskCalculatorService(deps: { repository: RiskCalculatorRepository }) {
  const { repository } = deps;

  async function conditionOf(code: DiseaseCode, reader: Reader): Promise<RiskCondition> {
    const row = await repository.find(code);
    return effectiveRiskCondition(code, row === null ? undefined : labValues(row, reader));
  }

  return {
    /** Every catalogue condition, in catalogue order. */
    async conditions(reader: Reader): Promise<RiskCondition[]> {
      const rows = new Map((await repository.list()).map((row) => [row.code, row]));
      return diseaseCodes.map((code) => {
        const row = rows.get(code);
        return effectiveRiskCondition(code, row === undefined ? undefined : labValues(row, reader));
      });
    },

    /** Sets the lab's values of one condition (a null is the published value). */
    async set(
      codeText: string,
      update: RiskConditionUpdate,
      actor: { userId: string; isAdminUser: boolean },
    ): Promise<RiskCondition> {
      const code = catalogueCode(codeText);
      if (!keepsR2BelowHeritability(code, update)) {
        throw new Refusal(400, RISK_R2_ABOVE_H2_MESSAGE);
      }
      await repository.upsert({ code, ...update, changedBy: actor.userId });
      return conditionOf(code, actor);
    },

    /** Back to the published values of one condition. */
    async reset(codeText: string, reader: Reader): Promise<RiskCondition> {
      const code = catalogueCode(codeText);
      await repository.remove(code);
      return conditionOf(code, reader);
    },
  };
}

export type RiskCalculatorService = ReturnType<typeof createRiskCalculatorService>;
