import * as z from 'zod/mini';
import { asUserSchema } from './view-as.ts';

/*
 * Kit activation (spec section 4): the person types the id printed on the tube, which
 * binds that tube to them before the sample travels. An individual order is activated with
 * PATCH /individual_reports/{id}/activate; a couple's two kits together with
 * PATCH /accounts/{id}/activate.
 */

/** As typed: normalizeKitId (order-tracker.ts) decides whether it is well formed. */
const typedKitIdSchema = z
  .string()
  .check(z.trim(), z.minLength(1, { error: 'Enter the kit ID' }), z.maxLength(40));

export const kitLookupBodySchema = z.object({ kitId: typedKitIdSchema });
export type KitLookupBody = z.infer<typeof kitLookupBodySchema>;

/** What a typed kit id activates: an individual order, or one role's kit of a couple account. */
export const kitLookupAnswerSchema = z.union([
  z.object({
    kind: z.literal('individual'),
    kitId: z.string(),
    orderId: z.string(),
    activated: z.boolean(),
  }),
  z.object({
    kind: z.literal('couple'),
    kitId: z.string(),
    accountId: z.string(),
    role: z.enum(['mother', 'father']),
    activated: z.boolean(),
  }),
]);
export type KitLookupAnswer = z.infer<typeof kitLookupAnswerSchema>;

export const accountParamsSchema = z.object({ id: z.string().check(z.minLength(1)) });

/** Both tubes' ids, each for its role: the lab must not mix up whose sample is whose. */
export const activateCoupleBodySchema = z.object({
  motherKitId: typedKitIdSchema,
  fatherKitId: typedKitIdSchema,
});
export type ActivateCoupleBody = z.infer<typeof activateCoupleBodySchema>;

/** One of the person's kits, as /activation lists them. */
export const kitStatusSchema = z.object({
  kitId: z.string(),
  kind: z.enum(['individual', 'couple']),
  /** 'self' for an individual order. */
  role: z.enum(['self', 'mother', 'father']),
  /** Whether the kit is the person's own tube (a couple's other tube is the partner's). */
  own: z.boolean(),
  /** The individual order's id or the couple account's id. */
  orderId: z.string(),
  /** The purchase that bought it, for the order tracker (/order?id=); null when not known. */
  purchaseOrderId: z.nullable(z.string()),
  testType: z.string(),
  /** Unix seconds; null before activation. */
  activatedAt: z.nullable(z.number()),
  /**
   * Unix seconds the kit shipped, from its order's tracker; null before, or when its test has
   * no tracker (bought before the portal took orders).
   */
  shippedAt: z.nullable(z.number()),
  /** The kit's order has not shipped yet: it is activated once it arrives. */
  awaitingShipment: z.boolean(),
  /** For a couple: whether both partners are on the account. */
  partnerJoined: z.boolean(),
});
export type KitStatus = z.infer<typeof kitStatusSchema>;

export const kitsAnswerSchema = z.object({ kits: z.array(kitStatusSchema) });
export type KitsAnswer = z.infer<typeof kitsAnswerSchema>;
export const kitsQuerySchema = z.object({ asUser: z.optional(asUserSchema) });

/** 409: the kit has not shipped, so it cannot have arrived. */
export const KIT_NOT_SHIPPED =
  'Your kit has not shipped yet. Activate it when it arrives: we will email you when it is on its way.';

/** 400: the typed id is not well formed or its check character does not match. */
export const KIT_ID_TYPO =
  "That kit ID doesn't look right: check the characters after NK- against the label on the tube.";
/** The couple form names which of the two fields is wrong. */
export function kitIdTypoFor(role: 'mother' | 'father'): string {
  return `The ID of the ${role}'s tube doesn't look right: check the characters after NK- against the label on the tube.`;
}
/** 404: unknown, and another person's, get the same answer. */
export const KIT_NOT_FOUND = "We couldn't find a kit with that ID on your account.";
/** 400: both ids are the account's but typed in each other's field. */
export const KITS_SWAPPED =
  "Those two IDs are the other way round: the mother's tube ID goes in the mother's field and the father's in the father's.";
/** 409: a couple's kits are activated together, once both partners are on the account. */
export const PARTNER_NOT_JOINED =
  "Your partner hasn't joined your account yet. Invite them, or wait for them to accept your invitation: both kits are activated together once you are both on the account.";

/** One person's missing steps before activation. */
export interface MissingSteps {
  /** 'you', or how the partner is named: 'your partner (Pat Partner)'. */
  who: string;
  survey: boolean;
  terms: boolean;
}

/** 409: the survey and the terms come first, for each partner of a couple. */
export function activationNeeds(missing: readonly MissingSteps[]): string {
  const parts = missing
    .filter((entry) => entry.survey || entry.terms)
    .map((entry) => {
      const you = entry.who === 'you';
      const steps = [
        ...(entry.survey ? [`complete ${you ? 'your' : 'their'} health survey`] : []),
        ...(entry.terms ? ['accept the Terms of Service and the HIPAA notice'] : []),
      ].join(' and ');
      return `${you ? 'you need' : `${entry.who} needs`} to ${steps}`;
    });
  return `Before the kit can be activated, ${parts.join('; ')}.`;
}
