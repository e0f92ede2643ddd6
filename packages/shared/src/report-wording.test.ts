import { describe, expect, it } from 'vitest';
import { riskGist, riskPercent } from './report-wording.ts';

describe('report wording', () => {
  it('states a risk as the report does, to one decimal, and very small ones as under 0.1%', () => {
    expect(riskPercent(0.082)).toBe('8.2%');
    expect(riskPercent(0.0004)).toBe('<0.1%');
  });

  it("gives a condition's gist: the report's name for the risk, the risk and the average", () => {
    expect(riskGist('Your risk', 0.12, 0.08)).toBe('Your risk 12.0% (average 8.0%)');
    expect(riskGist('Expected', 0.0004, 0.003)).toBe('Expected <0.1% (average 0.3%)');
  });
});
