/*
 * Every place of a patient's tests, in the order a test goes: one list for the desktop 'Your
 * tests' menu, the phone menu and the signed-in home, so that none of them forgets a page
 * (orders, the partner, the survey, appointments, clinics, delivery and return, and
 * buying a test had no place in the menus).
 */

export interface PortalPlace {
  /** A path of the portal. */
  to:
    | '/purchased'
    | '/health-survey'
    | '/review-terms'
    | '/partner'
    | '/delivery'
    | '/activate'
    | '/return-shipping'
    | '/schedule-appointment'
    | '/clinics'
    | '/purchase';
  label: string;
  /** What it is for, in a few words, for the signed-in home. */
  hint: string;
}

export const TEST_PLACES: readonly PortalPlace[] = [
  { to: '/purchased', label: 'Orders and tracking', hint: 'What you bought and where each kit is' },
  { to: '/health-survey', label: 'Health survey', hint: 'Your answers, saved as you go' },
  {
    to: '/review-terms',
    label: 'Terms and HIPAA notice',
    hint: 'What you agreed to, and when',
  },
  { to: '/partner', label: 'Your partner', hint: 'Invite your partner or see who joined' },
  { to: '/delivery', label: 'Delivery address', hint: 'Where your kit is sent' },
  { to: '/activate', label: 'Activate a kit', hint: 'Once your kit has arrived' },
  { to: '/return-shipping', label: 'Return your sample', hint: 'Your prepaid return label' },
  {
    to: '/schedule-appointment',
    label: 'Genetic counseling',
    hint: 'Book or change a visit with a counselor',
  },
  { to: '/clinics', label: 'Clinics', hint: 'Find a clinic and share your reports with it' },
  { to: '/purchase', label: 'Buy a test', hint: 'For a couple or for one person' },
];

/** The pages of the 'Your tests' menu, for marking it current. */
export const TEST_PLACE_PATHS: readonly string[] = [
  ...TEST_PLACES.map((place) => place.to),
  '/order',
  '/activation',
  '/saliva',
  '/pgt',
  '/step-1',
  '/step-2',
  '/results',
  '/mother',
  '/father',
  '/support-partner',
  '/registered-partner',
  '/individual-purchase',
  '/purchase-30x',
  '/individual-purchase-30x',
  '/payment-successful',
];
