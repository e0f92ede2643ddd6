import type { RuntimeConfig } from '@nestling/shared/contract/config';
import type { CurrentUser } from '@nestling/shared/contract/user';

export const testConfig: RuntimeConfig = {
  brand: {
    productName: 'Nestling',
    companyName: 'Nestling Genomics',
    companyDomain: 'nestling.health',
    supportEmail: 'support@nestling.health',
    logoUrl: null,
    socialProfiles: [],
  },
  environment: 'production',
  apiBaseUrl: '/api',
  keys: { paymentPublicKey: null, mapsApiKey: null },
  features: { googleSignIn: false, demoData: true },
  limits: { couplePlacesPerPerson: 1, appointmentsPerPerson: 1 },
};

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'user-1',
    name: { First: 'Ada', Last: 'Lovelace' },
    email: 'ada@demo.test',
    phone: '+1 555 0100',
    sex: 'Female',
    birthday: { Month: 12, Day: 10, Year: 1990 },
    emailVerified: true,
    isAdminUser: false,
    enableDataPortal: false,
    demoReports: false,
    healthSurveyStatus: 'done',
    tosAccepted: true,
    hipaaAccepted: true,
    ...overrides,
  };
}
