import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures.ts';
import { accessGate } from './access-gate.ts';

const incomplete = { phone: null };

describe('accessGate', () => {
  it('1. not signed in: /signin with next', () => {
    expect(accessGate(null, '/reports')).toBe('/signin?next=%2Freports');
  });

  it('keeps the query of the page asked for in next', () => {
    expect(accessGate(null, '/reports?tab=joint')).toBe('/signin?next=%2Freports%3Ftab%3Djoint');
  });

  it('2. email not verified: /verify-email with next, before anything else', () => {
    const user = makeUser({ emailVerified: false, isAdminUser: true, ...incomplete });
    expect(accessGate(user, '/reports')).toBe('/verify-email?next=%2Freports');
  });

  it('3. an admin passes even with an incomplete profile', () => {
    expect(accessGate(makeUser({ isAdminUser: true, ...incomplete }), '/reports')).toBeNull();
  });

  it('4. profile incomplete: /signup/step-1, keeping next', () => {
    expect(accessGate(makeUser(incomplete), '/reports')).toBe('/signup/step-1?next=%2Freports');
  });

  it.each([
    ['first name', { name: { First: null, Last: 'Lovelace' } }],
    ['last name', { name: { First: 'Ada', Last: ' ' } }],
    ['sex', { sex: null }],
    ['email', { email: '' }],
    ['phone', { phone: null }],
    ['birth month', { birthday: { Month: null, Day: 10, Year: 1990 } }],
    ['birth day', { birthday: { Month: 12, Day: null, Year: 1990 } }],
    ['birth year', { birthday: { Month: 12, Day: 10, Year: null } }],
  ])('a missing %s makes the profile incomplete', (_field, overrides) => {
    expect(accessGate(makeUser(overrides), '/reports')).toBe('/signup/step-1?next=%2Freports');
  });

  it('5. otherwise the page is shown', () => {
    expect(accessGate(makeUser(), '/reports')).toBeNull();
  });

  it('never redirects to the page the user is already on', () => {
    expect(accessGate(null, '/signin?next=%2Freports')).toBeNull();
    expect(accessGate(makeUser({ emailVerified: false }), '/verify-email')).toBeNull();
    expect(accessGate(makeUser(incomplete), '/signup/step-1?next=%2F')).toBeNull();
  });

  it('an unverified user on the profile page still goes to /verify-email', () => {
    expect(accessGate(makeUser({ emailVerified: false, ...incomplete }), '/signup/step-1')).toBe(
      '/verify-email?next=%2Fsignup%2Fstep-1',
    );
  });
});
