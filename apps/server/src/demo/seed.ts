import type { FileStore } from '../modules/storage/file-store.ts';
import { hashPassword } from 'better-auth/crypto';
import { TERMS_VERSIONS } from '@nestling/shared/contract/terms';
import type { Sex } from '@nestling/shared/contract/user';
import { createCatalogueRepository } from '../modules/catalogue/repository.ts';
import { createDocumentsRepository } from '../modules/documents/repository.ts';
import { createHealthSurveyRepository } from '../modules/health-survey/repository.ts';
import { createLabRepository } from '../modules/lab/repository.ts';
import { createLabService } from '../modules/lab/service.ts';
import {
  createOrdersRepository,
  insertCoupleIndividualOrder,
} from '../modules/orders/repository.ts';
import { createUsersRepository } from '../modules/users/repository.ts';
import type { Database } from '../db/database.ts';
import { termsAcceptance } from '../modules/terms/schema.ts';
import { seedDemoClinics } from './clinics.ts';
import { seedDemoCounselor } from './counselors.ts';
import { demoDocuments, writeDemoFile } from './documents.ts';
import { demoKits, seedDemoOrders } from './orders.ts';
import { demoMotherSurvey } from './survey.ts';
import {
  demoCoupleAccountId,
  demoEmbryoCoupleAccountId,
  demoOrders,
  demoReportPayloads,
} from '../modules/demo-reports/payloads.ts';

/** Every demo account signs in with this password. */
export const DEMO_PASSWORD = 'demo-password';

export interface DemoAccount {
  /** Fixed, so that later issues can attach orders and reports to them. */
  readonly id: string;
  readonly email: string;
  /** What the account shows, for the README and tests. */
  readonly purpose: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly sex: Sex;
  /** Fictional numbers from the 555-0100 to 555-0199 range; null for an incomplete profile. */
  readonly phone: string | null;
  readonly birthday: {
    readonly Month: number;
    readonly Day: number;
    readonly Year: number;
  } | null;
  /** false: signed up, email not confirmed yet (the access gate's second step). */
  readonly emailVerified: boolean;
  readonly isAdminUser: boolean;
  readonly enableDataPortal: boolean;
  /** May open the demo embryo reports (sample data). */
  readonly demoReports: boolean;
  readonly healthSurveyStatus: 'done' | null;
  readonly tosAccepted: boolean;
  readonly hipaaAccepted: boolean;
}

/** A confirmed patient who has not answered the survey or accepted the terms yet. */
const notYetStarted = {
  emailVerified: true,
  isAdminUser: false,
  enableDataPortal: false,
  demoReports: false,
  healthSurveyStatus: null,
  tosAccepted: false,
  hipaaAccepted: false,
} as const;

export const demoAccounts: readonly DemoAccount[] = [
  {
    id: 'demo-admin',
    email: 'admin@nestling.health',
    purpose: 'Lab staff (admin): may view the portal as any patient',
    firstName: 'Avery',
    lastName: 'Admin',
    sex: 'Female',
    phone: '+1 202 555 0100',
    birthday: { Month: 4, Day: 12, Year: 1984 },
    emailVerified: true,
    isAdminUser: true,
    enableDataPortal: false,
    demoReports: false,
    healthSurveyStatus: null,
    tosAccepted: true,
    hipaaAccepted: true,
  },
  {
    id: 'demo-mother',
    email: 'mother@demo.test',
    purpose: 'Mother of the demo couple (partner of father@demo.test)',
    firstName: 'Maya',
    lastName: 'Demo',
    sex: 'Female',
    phone: '+1 202 555 0101',
    birthday: { Month: 3, Day: 14, Year: 1990 },
    emailVerified: true,
    isAdminUser: false,
    enableDataPortal: false,
    demoReports: false,
    healthSurveyStatus: 'done',
    tosAccepted: true,
    hipaaAccepted: true,
  },
  {
    id: 'demo-father',
    email: 'father@demo.test',
    purpose: 'Father of the demo couple (partner of mother@demo.test)',
    firstName: 'Daniel',
    lastName: 'Demo',
    sex: 'Male',
    phone: '+1 202 555 0102',
    birthday: { Month: 9, Day: 2, Year: 1988 },
    emailVerified: true,
    isAdminUser: false,
    enableDataPortal: false,
    demoReports: false,
    healthSurveyStatus: 'done',
    tosAccepted: true,
    hipaaAccepted: true,
  },
  {
    id: 'demo-individual',
    email: 'individual@demo.test',
    purpose: 'Individual patient with the data portal (My Data) enabled',
    firstName: 'Iris',
    lastName: 'Sample',
    sex: 'Female',
    phone: '+1 202 555 0103',
    birthday: { Month: 11, Day: 23, Year: 1993 },
    emailVerified: true,
    isAdminUser: false,
    enableDataPortal: true,
    demoReports: false,
    healthSurveyStatus: 'done',
    tosAccepted: true,
    hipaaAccepted: true,
  },
  {
    id: 'demo-embryo',
    email: 'embryo@demo.test',
    purpose: 'Patient with embryo screening',
    firstName: 'Elena',
    lastName: 'Example',
    sex: 'Female',
    phone: '+1 202 555 0104',
    birthday: { Month: 6, Day: 30, Year: 1991 },
    emailVerified: true,
    isAdminUser: false,
    enableDataPortal: false,
    demoReports: false,
    healthSurveyStatus: 'done',
    tosAccepted: true,
    hipaaAccepted: true,
  },
  {
    id: 'demo-embryo-partner',
    email: 'embryo-partner@demo.test',
    purpose: 'Partner of embryo@demo.test: shares the embryo report',
    firstName: 'Owen',
    lastName: 'Example',
    sex: 'Male',
    phone: '+1 202 555 0107',
    birthday: { Month: 2, Day: 19, Year: 1989 },
    emailVerified: true,
    isAdminUser: false,
    enableDataPortal: false,
    demoReports: false,
    healthSurveyStatus: 'done',
    tosAccepted: true,
    hipaaAccepted: true,
  },
  {
    id: 'demo-new',
    email: 'new@demo.test',
    purpose:
      'New patient: verified, profile complete, nothing bought yet; may open the demo reports',
    firstName: 'Noah',
    lastName: 'Newman',
    sex: 'Male',
    phone: '+1 202 555 0105',
    birthday: { Month: 1, Day: 8, Year: 1995 },
    ...notYetStarted,
    // A prospective patient exploring what a report looks like.
    demoReports: true,
  },
  {
    id: 'demo-unverified',
    email: 'unverified@demo.test',
    purpose: 'Signed up, email not confirmed yet: the portal asks to confirm it first',
    firstName: 'Uma',
    lastName: 'Pending',
    sex: 'Female',
    phone: '+1 202 555 0106',
    birthday: { Month: 5, Day: 17, Year: 1992 },
    ...notYetStarted,
    emailVerified: false,
  },
  {
    id: 'demo-incomplete',
    email: 'incomplete@demo.test',
    purpose: 'Confirmed, but no phone or birthday yet: the portal asks to complete the profile',
    firstName: 'Ivan',
    lastName: 'Partial',
    sex: 'Male',
    phone: null,
    birthday: null,
    ...notYetStarted,
  },
  {
    id: 'demo-staff',
    email: 'staff@demo.test',
    purpose:
      'Lab staff (admin) outside the company domain, profile incomplete: views as patients, cannot impersonate',
    firstName: 'Sam',
    lastName: 'Staff',
    sex: 'Female',
    phone: null,
    birthday: null,
    emailVerified: true,
    isAdminUser: true,
    enableDataPortal: false,
    demoReports: false,
    healthSurveyStatus: null,
    tosAccepted: true,
    hipaaAccepted: true,
  },
  {
    id: 'demo-orders-partner',
    email: 'orders-partner@demo.test',
    purpose:
      'Invited by orders@demo.test to be the partner on her couple test: sees the invite banner',
    firstName: 'Oscar',
    lastName: 'Orders',
    sex: 'Male',
    phone: '+1 202 555 0109',
    birthday: { Month: 2, Day: 19, Year: 1990 },
    ...notYetStarted,
  },
  {
    id: 'demo-orders',
    email: 'orders@demo.test',
    purpose:
      'Patient with an order at each stage of the tracker (ordered, kit shipped, delivered, activated, sample received, in the lab) and a refunded one',
    firstName: 'Olivia',
    lastName: 'Orders',
    sex: 'Female',
    phone: '+1 202 555 0108',
    birthday: { Month: 7, Day: 4, Year: 1992 },
    emailVerified: true,
    isAdminUser: false,
    enableDataPortal: false,
    demoReports: false,
    healthSurveyStatus: 'done',
    tosAccepted: true,
    hipaaAccepted: true,
  },
];

/** The demo couple. The partner link records them; their ids are fixed for it. */
export const demoCouple = { motherId: 'demo-mother', fatherId: 'demo-father' } as const;

/** 2025-01-06 and 2024-10-01, 2024-12-02 in unix seconds (spec section 3). */
const PURCHASED = { couple: 1_736_121_600, individual: 1_727_740_800, embryo: 1_733_097_600 };

/** The couples' accounts: the demo couple (30x) and the embryo patient with her partner. */
const demoCoupleAccounts = [
  {
    id: demoCoupleAccountId,
    mother: 'demo-mother',
    father: 'demo-father',
    motherEmail: 'mother@demo.test',
    fatherEmail: 'father@demo.test',
    motherOrder: demoKits.mother,
    fatherOrder: demoKits.father,
    pendingFatherAccept: false,
    pendingMotherAccept: false,
    // Daniel shares his individual results with Maria (the partner page's switch).
    fatherSharesIndividual: true,
    purchaseDate: PURCHASED.couple,
    testType: '30x',
    donePilotOnboardingSteps: ['PURCHASED'],
  },
  {
    id: demoEmbryoCoupleAccountId,
    mother: 'demo-embryo',
    father: 'demo-embryo-partner',
    motherEmail: 'embryo@demo.test',
    fatherEmail: 'embryo-partner@demo.test',
    motherOrder: demoKits.embryoMother,
    fatherOrder: demoKits.embryoFather,
    pendingFatherAccept: false,
    pendingMotherAccept: false,
    purchaseDate: PURCHASED.embryo,
    testType: 'standard',
    donePilotOnboardingSteps: ['PURCHASED'],
  },
] as const;

/** The demo kits were activated a week after purchase, as they arrive by mail. */
function activatedAfter(purchasedAt: number): Date {
  return new Date((purchasedAt + 7 * 24 * 60 * 60) * 1000);
}

/**
 * Each demo couple partner's individual order, as a couple purchase and the partner's joining
 * make it (insertCoupleIndividualOrder): its purchase id their kit. Fixed ids, which the demo
 * reports name.
 */
const demoCoupleIndividualOrders: Record<string, { mother: string; father: string }> = {
  [demoCoupleAccountId]: { mother: demoOrders.mother, father: demoOrders.father },
  [demoEmbryoCoupleAccountId]: {
    mother: 'demo-order-embryo-mother',
    father: 'demo-order-embryo-father',
  },
};

const demoIndividualOrders = [
  {
    id: demoOrders.individual,
    userId: 'demo-individual',
    purchaseId: 'DEMO-PURCHASE-2001',
    purchaseDate: PURCHASED.individual,
    testType: '30x',
    activatedAt: activatedAfter(PURCHASED.individual),
  },
] as const;

/** 10% off, for trying the purchase pages with the demo data. */
export const DEMO_DISCOUNT_CODE = 'WELCOME10';

export interface SeedResult {
  created: string[];
  skipped: string[];
  /** '<lab report id> v<version>' of each report version stored by this run. */
  reports: string[];
  /** The ids of the documents stored by this run. */
  documents: string[];
}

export interface SeedOptions {
  /**
   * Where the demo documents' files go (ADR 023). Without it no documents are stored, since a
   * document row without its file could not be shown.
   */
  fileStore?: FileStore;
}

/**
 * Creates the demo accounts that do not exist yet (by id or email); running it again changes
 * nothing. Passwords are hashed with better-auth's own hasher.
 */
export async function seedDemoData(db: Database, options: SeedOptions = {}): Promise<SeedResult> {
  const users = createUsersRepository(db);
  const result: SeedResult = { created: [], skipped: [], reports: [], documents: [] };
  // One hash for every demo account: they share a password the README publishes, and hashing
  // is slow on purpose (a dozen took about two seconds on a busy machine).
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const demo of demoAccounts) {
    const inserted = await users.insertWithPassword(
      {
        id: demo.id,
        name: `${demo.firstName} ${demo.lastName}`,
        email: demo.email,
        emailVerified: demo.emailVerified,
        firstName: demo.firstName,
        lastName: demo.lastName,
        phone: demo.phone,
        sex: demo.sex,
        birthMonth: demo.birthday?.Month ?? null,
        birthDay: demo.birthday?.Day ?? null,
        birthYear: demo.birthday?.Year ?? null,
        isAdminUser: demo.isAdminUser,
        enableDataPortal: demo.enableDataPortal,
        demoReports: demo.demoReports,
        healthSurveyStatus: demo.healthSurveyStatus,
        tosAccepted: demo.tosAccepted,
        hipaaAccepted: demo.hipaaAccepted,
      },
      passwordHash,
    );
    (inserted ? result.created : result.skipped).push(demo.email);
    // The flags are derived from acceptances of the versions in force (modules/terms).
    if (inserted || (await users.findById(demo.id)) !== null) await seedTermsAcceptances(db, demo);
  }
  // The demo mother's submitted survey (survey.ts), when her account is the demo one.
  if ((await users.findById(demoCouple.motherId)) !== null) {
    await createHealthSurveyRepository(db).insert(demoMotherSurvey(demoCouple.motherId));
  }
  await seedDemoCounselor(db);
  await seedDemoClinics(db);
  const reportIds = await seedDemoReports(db, result);
  if (options.fileStore !== undefined) {
    await seedDemoDocuments(db, options.fileStore, reportIds, result);
  }
  return result;
}

/** Demo accounts shown as having accepted the terms accepted the first published versions. */
async function seedTermsAcceptances(db: Database, demo: DemoAccount) {
  const accepted = TERMS_VERSIONS.filter(
    (version) =>
      version.version === '1.0' &&
      (version.document === 'tos' ? demo.tosAccepted : demo.hipaaAccepted),
  );
  for (const version of accepted) {
    await db
      .insert(termsAcceptance)
      .values({
        id: `demo-terms-${demo.id}-${version.document}`,
        userId: demo.id,
        document: version.document,
        version: version.version,
        acceptedAt: new Date(`${version.effectiveOn}T12:00:00Z`),
        userAgent: null,
      })
      .onConflictDoNothing();
  }
}

/** The demo documents of the demo users that exist; the files are written again each run. */
async function seedDemoDocuments(
  db: Database,
  fileStore: FileStore,
  reportIds: ReadonlyMap<string, string>,
  result: SeedResult,
) {
  const users = createUsersRepository(db);
  const documents = createDocumentsRepository(db);
  for (const demo of demoDocuments) {
    if ((await users.findById(demo.userId)) === null) continue;
    const storagePath = await writeDemoFile(fileStore, demo);
    const inserted = await documents.insert({
      id: demo.id,
      userId: demo.userId,
      title: demo.title,
      kind: demo.kind,
      date: demo.date,
      fileName: demo.fileName,
      contentType: demo.contentType,
      size: demo.body.length,
      storagePath,
      reportId: demo.labReportId === undefined ? null : (reportIds.get(demo.labReportId) ?? null),
    });
    if (inserted) result.documents.push(demo.id);
  }
}

/**
 * The demo couples' accounts, the orders and their reports, through the same path a lab's
 * delivery takes. Anything whose demo user is missing (someone else holds the address) is
 * left out, with the reports that would hang on it.
 */
async function seedDemoReports(db: Database, result: SeedResult): Promise<Map<string, string>> {
  const users = createUsersRepository(db);
  const orders = createOrdersRepository(db);
  const present = async (...ids: string[]) =>
    (await Promise.all(ids.map((id) => users.findById(id)))).every((row) => row !== null);
  const owners = new Set<string>();
  for (const row of demoCoupleAccounts) {
    if (!(await present(row.mother, row.father))) continue;
    await orders.insertCoupleAccount({
      ...row,
      donePilotOnboardingSteps: [...row.donePilotOnboardingSteps],
    });
    owners.add(row.id);
    for (const role of ['mother', 'father'] as const) {
      const orderId = demoCoupleIndividualOrders[row.id]?.[role];
      await insertCoupleIndividualOrder(
        db,
        // Their kits were activated a week after purchase, as they arrive by mail.
        { ...row, activatedAt: activatedAfter(row.purchaseDate) },
        {
          userId: row[role],
          kitId: role === 'mother' ? row.motherOrder : row.fatherOrder,
          orderId,
        },
      );
      if (orderId !== undefined) owners.add(orderId);
    }
  }
  for (const row of demoIndividualOrders) {
    if (!(await present(row.userId))) continue;
    await orders.insertIndividualOrder(row);
    owners.add(row.id);
  }
  // The paid orders behind the accounts and orders, with their trackers (orders.ts).
  await seedDemoOrders(db, {
    purchased: PURCHASED,
    userExists: (id) => present(id),
    ownerExists: (id) => owners.has(id),
  });
  // A discount code to try the checkout with; staff manage codes on /admin.
  await createCatalogueRepository(db).insertDiscountCode({
    code: DEMO_DISCOUNT_CODE,
    percentOff: 10,
  });
  const lab = createLabService(createLabRepository(db));
  /** The portal's report id of each lab report id, for the documents that belong to one. */
  const reportIds = new Map<string, string>();
  for (const payload of demoReportPayloads) {
    const owner = payload.individualOrderId ?? payload.coupleAccountId ?? '';
    if (!owners.has(owner)) continue;
    const receipt = await lab.receive(payload);
    reportIds.set(payload.labReportId, receipt.reportId);
    if (receipt.created) result.reports.push(`${payload.labReportId} v${String(payload.version)}`);
  }
  return reportIds;
}

/** Whether any demo account (with its published password) is in the database. */
export async function hasDemoAccounts(db: Database): Promise<boolean> {
  const users = createUsersRepository(db);
  const found = await Promise.all(demoAccounts.map((demo) => users.findByEmail(demo.email)));
  return found.some((user) => user !== null);
}

/** At start: seed only a database that has no users at all. */
export async function seedDemoDataIfEmpty(
  db: Database,
  options: SeedOptions = {},
): Promise<SeedResult | null> {
  if ((await createUsersRepository(db).count()) > 0) return null;
  return seedDemoData(db, options);
}
