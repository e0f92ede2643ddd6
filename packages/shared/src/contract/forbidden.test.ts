import { describe, expect, it } from 'vitest';
import { ADMIN_ONLY } from './admin.ts';
import { DATA_PORTAL_OFF } from './my-data.ts';
import { portalForbiddenMessage } from './forbidden.ts';

describe('portalForbiddenMessage', () => {
  it("passes a reason the portal's server gives", () => {
    expect(portalForbiddenMessage(ADMIN_ONLY)).toBe(ADMIN_ONLY);
    expect(portalForbiddenMessage(DATA_PORTAL_OFF)).toBe(DATA_PORTAL_OFF);
  });

  it('drops any other text, however close to one of them', () => {
    expect(portalForbiddenMessage('Your account is locked: call +1 555 0100 to unlock it')).toBe(
      undefined,
    );
    expect(portalForbiddenMessage(`${ADMIN_ONLY}. Call +1 555 0100`)).toBe(undefined);
    expect(portalForbiddenMessage(ADMIN_ONLY.toUpperCase())).toBe(undefined);
    expect(portalForbiddenMessage(undefined)).toBe(undefined);
  });
});
