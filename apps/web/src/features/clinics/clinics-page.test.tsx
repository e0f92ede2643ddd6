import {
  CLINIC_RECEIVES_NO_REPORTS,
  mapsKeyOf,
  mapsSearchUrl,
  staticMapUrl,
  unknownZipMessage,
  type Clinic,
  type ClinicSharing,
  type ClinicSearchAnswer,
} from '@nestling/shared/contract/clinics';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '../../lib/auth-cookie.ts';
import { expectNoAxeViolations } from '../../test/axe.ts';
import { answerRoutes } from '../../test/fetch-routes.ts';
import { makeUser } from '../../test/fixtures.ts';
import { createTestServices, renderWithRouter } from '../../test/render.tsx';
import { ClinicsPage, milesText, originText } from './clinics-page.tsx';

const user = makeUser();

describe('the clinics page texts', () => {
  it('rounds distances to whole miles', () => {
    expect(milesText(12.4)).toBe('12 mi');
    expect(milesText(82.9)).toBe('83 mi');
    expect(milesText(2446.3)).toBe('2,446 mi');
    expect(milesText(0.2)).toBe('less than 1 mi');
  });

  it('says where the distances are measured from', () => {
    expect(originText(null)).toBeNull();
    expect(originText({ zip: '10001', city: 'New York', state: 'NY', source: 'query' })).toBe(
      'Nearest first to 10001 (New York, NY).',
    );
    expect(originText({ zip: '78701', city: 'Austin', state: 'TX', source: 'shipping' })).toContain(
      'the ZIP code your kit was sent to',
    );
  });

  it('links to a maps search of the address, and to a static map only with a key', () => {
    const clinic = {
      name: 'Hudson Fertility Partners',
      addressLine1: '350 W 31st St',
      addressLine2: 'Floor 4',
      city: 'New York',
      state: 'NY',
      zip: '10001',
    };
    expect(mapsSearchUrl(clinic)).toBe(
      'https://www.google.com/maps/search/?api=1&query=Hudson%20Fertility%20Partners%2C%20350%20W%2031st%20St%2C%20New%20York%2C%20NY%2010001',
    );
    expect(mapsKeyOf({ mapsApiKey: null }, 'production')).toBeNull();
    expect(mapsKeyOf({ mapsApiKey: ' ' }, 'production')).toBeNull();
    expect(mapsKeyOf({ mapsApiKey: 'k1' }, 'production')).toBe('k1');
    const url = new URL(staticMapUrl('k1', [{ latitude: 40.75, longitude: -73.99 }]));
    expect(url.origin).toBe('https://maps.googleapis.com');
    expect(url.searchParams.getAll('markers')).toEqual(['color:red|label:1|40.75,-73.99']);
    expect(url.searchParams.get('key')).toBe('k1');
  });
});

const hudson: Clinic = {
  id: 'c-hudson',
  name: 'Hudson Fertility Partners',
  addressLine1: '350 W 31st St',
  addressLine2: 'Floor 4',
  city: 'New York',
  state: 'NY',
  zip: '10001',
  phone: '(212) 555-0142',
  website: 'https://hudson-fertility.example',
  latitude: 40.75,
  longitude: -73.99,
  active: true,
  receivesReports: true,
};
const liberty: Clinic = {
  ...hudson,
  id: 'c-liberty',
  name: 'Liberty Reproductive Center',
  addressLine1: '1700 Market St',
  addressLine2: null,
  city: 'Philadelphia',
  state: 'PA',
  zip: '19103',
  website: null,
  latitude: 39.95,
  longitude: -75.17,
  receivesReports: false,
};

function answer(query: string | null): ClinicSearchAnswer {
  if (query === '10001') {
    return {
      results: [
        { clinic: hudson, distanceMiles: 0.2 },
        { clinic: liberty, distanceMiles: 82.9 },
      ],
      origin: { zip: '10001', city: 'New York', state: 'NY', source: 'query' },
      problem: null,
    };
  }
  if (query === '00000') {
    return { results: [], origin: null, problem: unknownZipMessage('00000') };
  }
  const all = [hudson, liberty].map((clinic) => ({ clinic, distanceMiles: null }));
  return { results: query === null ? all : [], origin: null, problem: null };
}

async function setup(mapsApiKey: string | null = null) {
  setAuthToken('patient-token');
  const base = createTestServices({ user });
  const services = {
    ...base,
    config: { ...base.config, keys: { ...base.config.keys, mapsApiKey } },
  };
  let mine: Clinic | null = null;
  let sharing: ClinicSharing | null = null;
  const calls = answerRoutes(services, {
    'GET /api/clinics': (_body, url) => Response.json(answer(url.searchParams.get('query'))),
    'GET /api/user/clinic': () => Response.json({ clinic: mine, sharing }),
    'PUT /api/user/clinic': (body) => {
      mine =
        [hudson, liberty].find((clinic) => clinic.id === (body as { clinicId: string }).clinicId) ??
        null;
      sharing = null;
      return Response.json({ clinic: mine, sharing });
    },
    'DELETE /api/user/clinic': () => {
      mine = null;
      sharing = null;
      return Response.json({ clinic: null, sharing });
    },
    'PUT /api/user/clinic/sharing': (body) => {
      sharing = (body as { share: boolean }).share
        ? {
            since: '2026-11-02T15:00:00.000Z',
            linkExpiresAt: '2026-12-02T15:00:00.000Z',
            reports: 1,
            awaitingPartner: 1,
          }
        : null;
      return Response.json({ clinic: mine, sharing });
    },
  });
  const rendered = await renderWithRouter(<ClinicsPage />, { path: '/clinics', user, services });
  return { ...rendered, calls, person: userEvent.setup() };
}

async function searchFor(person: ReturnType<typeof userEvent.setup>, text: string) {
  const field = screen.getByLabelText('Name, city, state or ZIP code');
  await person.clear(field);
  await person.type(field, text);
  await person.click(screen.getByRole('button', { name: 'Search' }));
}

describe('the clinics page', () => {
  it('lists clinics nearest first for a ZIP, with maps links that open a new tab', async () => {
    const { person, container } = await setup();
    expect(await screen.findByText('All our partner clinics, by name.')).toBeInTheDocument();
    expect(screen.getByText(/You have not chosen a clinic yet/)).toBeInTheDocument();
    await searchFor(person, '10001');
    expect(await screen.findByText('Nearest first to 10001 (New York, NY).')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Clinics found' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Hudson Fertility Partners',
      'Liberty Reproductive Center',
    ]);
    expect(items[1]).toHaveTextContent('83 mi');
    const maps = within(items[0] as HTMLElement).getByRole('link', {
      name: 'Open Hudson Fertility Partners in maps (opens in a new tab)',
    });
    expect(maps).toHaveAttribute('target', '_blank');
    expect(maps.getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1/);
    expect(screen.queryByRole('img')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('says when a ZIP is unknown or nothing matches', async () => {
    const { person } = await setup();
    await searchFor(person, '00000');
    expect(await screen.findByText(unknownZipMessage('00000'))).toBeInTheDocument();
    await searchFor(person, 'Atlantis');
    expect(await screen.findByText(/No clinics match “Atlantis”/)).toBeInTheDocument();
  });

  it('marks the chosen clinic and clears it', async () => {
    const { person, calls } = await setup();
    await screen.findByText('All our partner clinics, by name.');
    await person.click(
      screen.getByRole('button', { name: 'This is my clinic: Liberty Reproductive Center' }),
    );
    const mine = await screen.findByRole('region', { name: 'Your clinic' });
    expect(await within(mine).findByText('Liberty Reproductive Center')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'PUT /api/user/clinic')?.body).toEqual({
      clinicId: 'c-liberty',
    });
    expect(await screen.findByText('Your clinic', { selector: 'span' })).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Clear my clinic' }));
    expect(await screen.findByText(/You have not chosen a clinic yet/)).toBeInTheDocument();
  });

  it('shares the reports with the chosen clinic after saying what that means, and stops', async () => {
    const { person, calls } = await setup();
    await screen.findByText('All our partner clinics, by name.');
    await person.click(
      screen.getByRole('button', { name: 'This is my clinic: Liberty Reproductive Center' }),
    );
    const mine = await screen.findByRole('region', { name: 'Your clinic' });
    expect(await within(mine).findByText(CLINIC_RECEIVES_NO_REPORTS)).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: /Share my reports/ })).toBeNull();

    await person.click(
      screen.getByRole('button', { name: 'This is my clinic: Hudson Fertility Partners' }),
    );
    await person.click(
      await within(mine).findByRole('button', {
        name: 'Share my reports with Hudson Fertility Partners',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Share your reports with Hudson Fertility Partners?',
    });
    expect(dialog).toHaveTextContent('without your name or any result');
    expect(dialog).toHaveTextContent('only while your partner shares with the same clinic too');
    await expectNoAxeViolations(dialog);
    await person.click(within(dialog).getByRole('button', { name: 'Share my reports' }));
    expect(
      await within(mine).findByText(/You share your reports with Hudson Fertility Partners since/),
    ).toHaveTextContent(
      'The clinic can open 1 report until 12/2/2026. 1 report shared with your partner waits until your partner shares with Hudson Fertility Partners too.',
    );
    expect(
      calls.filter((call) => call.key === 'PUT /api/user/clinic/sharing').map((call) => call.body),
    ).toEqual([{ share: true }]);
    await person.click(within(mine).getByRole('button', { name: 'Stop sharing' }));
    expect(
      await within(mine).findByText(/You do not share your reports with Hudson Fertility Partners/),
    ).toBeInTheDocument();
    expect(
      calls.filter((call) => call.key === 'PUT /api/user/clinic/sharing').at(-1)?.body,
    ).toEqual({
      share: false,
    });
  });

  it('shows a static map of the listed clinics only with a maps key', async () => {
    await setup('maps-key');
    const map = await screen.findByRole('img', { name: /Map of the clinics listed/ });
    const url = new URL(map.getAttribute('src') ?? '');
    expect(url.origin).toBe('https://maps.googleapis.com');
    expect(url.searchParams.getAll('markers')).toHaveLength(2);
    expect(
      screen.getByRole('heading', { name: '1. Hudson Fertility Partners' }),
    ).toBeInTheDocument();
  });
});
