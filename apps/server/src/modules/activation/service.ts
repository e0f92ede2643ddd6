import {
  activationNeeds,
  KIT_ID_TYPO,
  KIT_NOT_FOUND,
  KIT_NOT_SHIPPED,
  kitIdTypoFor,
  KITS_SWAPPED,
  PARTNER_NOT_JOINED,
  type KitLookupAnswer,
  type KitStatus,
  type MissingSteps,
} from '@nestling/shared/contract/activation';
import {
  normalizeKitId,
  ORDER_STAGES,
  type OrderStage,
} from '@nestling/shared/contract/order-tracker';
import {
  ACCOUNT_NOT_FOUND,
  ORDERS_NOT_ATTACHED,
  type CoupleAccount,
} from '@nestling/shared/contract/orders';
import { isHealthSurveyDone } from '@nestling/shared/rules';
import { toCoupleAccount, type CoupleAccountRow } from '../orders/index.ts';
import type { TermsStatus } from '../terms/index.ts';
import type { ActivationRepository, PersonRow, PurchaseOfKit } from './repository.ts';
import { Refusal } from '../../lib/refusal.ts';

const unixSeconds = (at: Date | string | null) =>
  at === null ? null : Math.floor(new Date(at).getTime() / 1000);

/**
 * Whether a purchase's kits have yet to ship. A kit is activated when it arrives, so not before
 *; a test without a tracker (bought before the portal took orders) never waits.
 */
export function awaitingShipment(purchase: Pick<PurchaseOfKit, 'stage'> | undefined): boolean {
  if (purchase === undefined) return false;
  const stage = ORDER_STAGES.indexOf(purchase.stage as OrderStage);
  return stage !== -1 && stage < ORDER_STAGES.indexOf('kit-shipped');
}

function partnerLabel(person: PersonRow): string {
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ');
  return `your partner (${name === '' ? person.email : name})`;
}

export interface ActivationDeps {
  repository: ActivationRepository;
  /** The derived terms flags of a person (terms/status.ts). */
  termsOf: (userId: string) => Promise<TermsStatus>;
  now?: () => Date;
}

/**
 * Kit activation: a kit binds to its person only after their health survey and their acceptance
 * of the terms and the HIPAA notice, so the lab never holds a sample without both.
 */
export function createActivationService(deps: ActivationDeps) {
  const { repository, termsOf } = deps;
  const now = deps.now ?? (() => new Date());

  /** What each person still has to do; `callerId` is 'you'. */
  async function missingSteps(callerId: string, userIds: string[]): Promise<MissingSteps[]> {
    const people = await repository.people(userIds);
    const missing: MissingSteps[] = [];
    for (const id of userIds) {
      const person = people.find((p) => p.id === id);
      if (person === undefined) continue;
      const terms = await termsOf(id);
      const entry = {
        who: id === callerId ? 'you' : partnerLabel(person),
        survey: !isHealthSurveyDone(person.healthSurveyStatus),
        terms: !(terms.tosAccepted && terms.hipaaAccepted),
      };
      if (entry.survey || entry.terms) missing.push(entry);
    }
    // The caller's own steps first: those they can do now.
    return missing.sort((a, b) => Number(b.who === 'you') - Number(a.who === 'you'));
  }

  async function requireReady(callerId: string, userIds: string[]) {
    const missing = await missingSteps(callerId, userIds);
    if (missing.length > 0) throw new Refusal(409, activationNeeds(missing));
  }

  function typedKit(text: string, role?: 'mother' | 'father'): string {
    const kitId = normalizeKitId(text);
    if (kitId === null) throw new Refusal(400, role ? kitIdTypoFor(role) : KIT_ID_TYPO);
    return kitId;
  }

  return {
    /** PATCH /individual_reports/{id}/activate asks this first (409 with what is missing). */
    requireReady,

    /** PATCH /individual_reports/{id}/activate asks this too: 409 while the kit is to ship. */
    async requireShipped(individualOrderId: string): Promise<void> {
      const [purchase] = await repository.purchaseOrders([individualOrderId], []);
      if (awaitingShipment(purchase)) throw new Refusal(409, KIT_NOT_SHIPPED);
    },

    /** GET /kits: every kit of the person's orders and accounts, with its activation. */
    async kits(userId: string): Promise<KitStatus[]> {
      const [orders, accounts] = await Promise.all([
        repository.individualOrders(userId),
        repository.coupleAccounts(userId),
      ]);
      const purchases = await repository.purchaseOrders(
        orders.map((o) => o.id),
        accounts.map((a) => a.id),
      );
      const shipment = (purchase: PurchaseOfKit | undefined) => ({
        purchaseOrderId: purchase?.id ?? null,
        shippedAt: unixSeconds(purchase?.shippedAt ?? null),
        awaitingShipment: awaitingShipment(purchase),
      });
      const kits: KitStatus[] = orders.map((order) => ({
        kitId: order.purchaseId,
        kind: 'individual',
        role: 'self',
        own: true,
        orderId: order.id,
        ...shipment(purchases.find((p) => p.individualOrderId === order.id)),
        testType: order.testType,
        activatedAt: unixSeconds(order.activatedAt),
        partnerJoined: false,
      }));
      for (const account of accounts) {
        for (const role of ['mother', 'father'] as const) {
          const kitId = role === 'mother' ? account.motherOrder : account.fatherOrder;
          if (kitId === null) continue;
          kits.push({
            kitId,
            kind: 'couple',
            role,
            own: account[role] === userId,
            orderId: account.id,
            ...shipment(purchases.find((p) => p.coupleAccountId === account.id)),
            testType: account.testType,
            activatedAt: unixSeconds(account.activatedAt),
            partnerJoined: account.mother !== null && account.father !== null,
          });
        }
      }
      return kits;
    },

    /**
     * POST /kits/lookup: what a typed id activates. Unknown and another person's ids get the same
     * 404, so the answer tells nothing about kits that are not the caller's.
     */
    async lookup(userId: string, text: string): Promise<KitLookupAnswer> {
      const kitId = typedKit(text);
      const order = (await repository.individualOrders(userId)).find((o) => o.purchaseId === kitId);
      if (order !== undefined) {
        return {
          kind: 'individual',
          kitId,
          orderId: order.id,
          activated: order.activatedAt !== null,
        };
      }
      for (const account of await repository.coupleAccounts(userId)) {
        const role =
          account.motherOrder === kitId
            ? 'mother'
            : account.fatherOrder === kitId
              ? 'father'
              : null;
        if (role !== null) {
          return {
            kind: 'couple',
            kitId,
            accountId: account.id,
            role,
            activated: account.activatedAt !== null,
          };
        }
      }
      throw new Refusal(404, KIT_NOT_FOUND);
    },

    /**
     * PATCH /accounts/{id}/activate: both kits of a couple together, by either partner, once the
     * typed ids are the account's (each in its role's field), both partners are on it and each
     * has done the survey and accepted the terms. Activating again changes nothing.
     */
    async activateCouple(
      userId: string,
      accountId: string,
      typed: { motherKitId: string; fatherKitId: string },
    ): Promise<CoupleAccount> {
      const account: CoupleAccountRow | null = await repository.findCoupleAccount(accountId);
      if (account === null || (account.mother !== userId && account.father !== userId)) {
        throw new Refusal(404, ACCOUNT_NOT_FOUND);
      }
      if (account.motherOrder === null || account.fatherOrder === null) {
        throw new Refusal(409, ORDERS_NOT_ATTACHED);
      }
      const motherKitId = typedKit(typed.motherKitId, 'mother');
      const fatherKitId = typedKit(typed.fatherKitId, 'father');
      if (motherKitId === account.fatherOrder && fatherKitId === account.motherOrder) {
        throw new Refusal(400, KITS_SWAPPED);
      }
      if (motherKitId !== account.motherOrder || fatherKitId !== account.fatherOrder) {
        throw new Refusal(404, KIT_NOT_FOUND);
      }
      if (account.activatedAt !== null) return toCoupleAccount(account);
      if (account.mother === null || account.father === null) {
        throw new Refusal(409, PARTNER_NOT_JOINED);
      }
      await requireReady(userId, [account.mother, account.father]);
      // Last, since the steps above can be done while the kits are on their way.
      const [purchase] = await repository.purchaseOrders([], [account.id]);
      if (awaitingShipment(purchase)) throw new Refusal(409, KIT_NOT_SHIPPED);
      const activated = await repository.activateCouple(account.id, now());
      if (activated === null) throw new Refusal(404, ACCOUNT_NOT_FOUND);
      return toCoupleAccount(activated);
    },
  };
}

export type ActivationService = ReturnType<typeof createActivationService>;
