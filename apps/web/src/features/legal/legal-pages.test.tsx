import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/render.tsx';
import { PrivacyPolicy } from './privacy-policy.tsx';
import { TermsOfService } from './terms-of-service.tsx';

/*
 * The legal pages describe what the portal does today (accounts, buying a test, reports,
 * documents, the archive, staff access with its record), nothing it does not do yet: a patient
 * agrees to what they say.
 */

/** What the portal does not do yet: surveys, the HIPAA notice, linking or inviting a partner. */
const NOT_YET = /HIPAA|survey|link(ing)? (a |your )?partner|invite/i;

describe('the terms of service', () => {
  it('list what the portal does today, and nothing it does not', async () => {
    const { container } = await renderWithRouter(<TermsOfService />);
    const text = container.textContent;
    for (const feature of [
      'create an account, confirm your email and sign in',
      'buy a test for yourself or for you and your partner',
      'You can ask for a full refund',
      'read the joint, individual and embryo reports the lab delivers to you',
      'download them as PDFs',
      'see the documents the lab adds to your account',
      'download an archive of everything the portal holds about you',
      'see and sign out the devices you are signed in on',
      "The lab's systems deliver your reports to the portal directly",
      'can see the portal as you see it',
      'act in your account for up to an hour',
      'Every such look and every such hour is recorded',
    ]) {
      expect(text).toContain(feature);
    }
    expect(text).not.toMatch(NOT_YET);
  });
});

describe('the privacy policy', () => {
  it('says what is collected today, including the record of staff access, and nothing more', async () => {
    const { container } = await renderWithRouter(<PrivacyPolicy />);
    const text = container.textContent;
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    for (const item of [
      'Account and profile:',
      'Genetic reports:',
      'Purchases:',
      'we keep only its last four',
      'Documents:',
      'Your signed-in devices:',
      'Staff access records:',
      'Security records:',
      'download an archive of everything the portal holds about you',
    ]) {
      expect(text).toContain(item);
    }
    expect(text).not.toMatch(NOT_YET);
  });
});
