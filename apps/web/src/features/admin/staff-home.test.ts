import { describe, expect, it } from 'vitest';
import { homeIsAdmin } from './staff-home.ts';

describe('home for lab staff', () => {
  it('is /admin for staff, and the home page for everyone else', () => {
    expect(homeIsAdmin({ isAdminUser: true }, {})).toBe(true);
    expect(homeIsAdmin({ isAdminUser: false }, {})).toBe(false);
    expect(homeIsAdmin(null, {})).toBe(false);
  });

  it("is the patient's home while staff view the portal as them", () => {
    expect(homeIsAdmin({ isAdminUser: true }, { as_user: 'demo-mother' })).toBe(false);
    expect(homeIsAdmin({ isAdminUser: true }, { email: 'mother@demo.test' })).toBe(false);
  });
});
