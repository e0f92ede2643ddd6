import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createTestApp, testConfig } from '../../test/app.ts';
import { signUpRequest, TEST_ORIGIN } from '../../test/auth.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/database.ts';
import { expectWellFormedMail } from '../../test/mail-checks.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { appointmentMail, counselorMail, reminderMail } from '../appointments/mail.ts';
import { clinicShareMail } from '../clinic-sharing/mail.ts';
import { versionNoticeMail } from '../lab/version-notice.ts';
import { invitationMail, partnerJoinedMail } from '../partner/mail.ts';
import { mailHtml, mailText } from './layout.tsx';
import type { MailMessage } from './mailer.ts';

const origin = TEST_ORIGIN;

describe.each(testDatabaseKinds)('the mails the portal sends, on %s', (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let app: App;
  const brand = testConfig().brand;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db);
    smtp = await startTestSmtpServer();
    app = await createTestApp({ database, env: { PUBLIC_URL: origin, SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await database.destroy();
  });

  it('confirms a new address in HTML and plain text, with a button and the link written out', async () => {
    const email = `mail-${kind}@example.org`;
    expect((await signUpRequest(app, email, '10.20.0.1')).statusCode).toBe(200);
    const mail = await smtp.next(email);
    expect(mail.subject).toBe('Confirm your email for Nestling');
    const { links } = expectWellFormedMail(mail, brand);
    expect(links).toEqual([
      expect.stringMatching(/^http:\/\/portal\.test\/verify-email\?oobCode=/),
    ]);
    // The button and the written-out address carry the same one-time link.
    const [link] = links;
    const html = typeof mail.html === 'string' ? mail.html : '';
    expect(html.split(`href="${link ?? 'none'}"`)).toHaveLength(3);
    // Both parts are alternatives of one another, not attachments.
    expect(mail.attachments).toHaveLength(0);
  });

  it('tells an existing account of a sign-up with two links, both in both parts', async () => {
    expect((await signUpRequest(app, 'father@demo.test', '10.20.0.2')).statusCode).toBe(200);
    const mail = await smtp.next('father@demo.test');
    expect(mail.subject).toBe('You already have a Nestling account');
    expect(expectWellFormedMail(mail, brand).links).toEqual([
      `${origin}/reset-password`,
      `${origin}/signin`,
    ]);
  });

  it('sends a password reset link the same way', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/user/password?email=mother@demo.test',
      remoteAddress: '10.20.0.3',
    });
    expect(response.statusCode).toBe(200);
    const mail = await smtp.next('mother@demo.test');
    expect(mail.subject).toBe('Reset your Nestling password');
    expect(expectWellFormedMail(mail, brand).links).toEqual([
      expect.stringMatching(/^http:\/\/portal\.test\/reset-password\?oobCode=/),
    ]);
  });
});

describe('every other mail passes the same checks', () => {
  const config = testConfig({ PUBLIC_URL: origin });
  const at = new Date('2026-03-02T12:00:00Z');
  const appointment = {
    id: 'appointment-1',
    sequence: 0,
    startsAt: new Date('2026-03-04T15:00:00Z'),
    endsAt: new Date('2026-03-04T15:30:00Z'),
    timeZone: 'America/New_York',
    counselorName: 'Jane Smith',
    person: { name: 'Ada L', email: 'ada@example.org' },
    method: 'phone' as const,
    phone: '+15551234567',
    joinUrl: null,
  };
  const mails: [string, MailMessage, string][] = [
    [
      'report ready',
      versionNoticeMail(config, { to: 'ada@example.org', firstName: 'Ada', version: 1 }),
      `${origin}/reports`,
    ],
    [
      'report has a new version',
      versionNoticeMail(config, { to: 'ada@example.org', firstName: '', version: 3 }),
      `${origin}/reports`,
    ],
    [
      'partner invitation',
      invitationMail(config, {
        to: 'ian@example.org',
        token: 'token-123',
        inviterName: 'Ada L',
        expiresAt: at,
      }),
      `${origin}/saliva/invite/accept/token-123`,
    ],
    [
      'partner joined',
      partnerJoinedMail(config, { to: 'ada@example.org', partnerName: 'Ian' }),
      `${origin}/partner`,
    ],
    [
      'clinic share',
      clinicShareMail(config, {
        to: 'clinic@example.org',
        clinicName: 'Bay Fertility',
        token: 'share-456',
        expiresAt: at,
      }),
      `${origin}/clinic-share/share-456`,
    ],
    ...(['booked', 'moved', 'canceled'] as const).map((change): [string, MailMessage, string] => [
      `appointment ${change}`,
      appointmentMail(config, change, appointment, at),
      `${origin}/schedule-appointment`,
    ]),
    ...(['booked', 'moved', 'canceled'] as const).map((change): [string, MailMessage, string] => [
      `counselor's appointment ${change}`,
      counselorMail(
        config,
        change,
        {
          ...appointment,
          counselorEmail: 'jane@lab.example',
          counselorTimeZone: 'America/Chicago',
          hasNote: true,
        },
        at,
      ),
      `${origin}/admin?tab=counselors`,
    ]),
    ['appointment reminder', reminderMail(config, appointment), `${origin}/schedule-appointment`],
  ];

  it.each(mails)('%s', async (_name, message, mainLink) => {
    const html = await mailHtml(config.brand, message);
    const text = mailText(config.brand, message);
    const { links } = expectWellFormedMail({ html, text }, config.brand);
    expect(links).toEqual([mainLink]);
    // The main link is a button as well as written out.
    expect(html.split(`href="${mainLink}"`).length).toBeGreaterThanOrEqual(3);
  });
});
