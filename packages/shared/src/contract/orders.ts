import * as z from 'zod/mini';
import { reportSummarySchema } from './report-view.ts';
import { userNameSchema } from './user.ts';

/*
 * A couple's account and an individual order (spec section 3) as GET /user and
 * PATCH /individual_reports/{id}/activate answer them. Dates are unix seconds, as the spec gives
 * purchase dates.
 */

/** The other partner on a couple's account, as the patient may see them: name and email only. */
export const partnerSchema = z.object({
  name: userNameSchema,
  email: z.string(),
});
export type Partner = z.infer<typeof partnerSchema>;

export const coupleAccountSchema = z.object({
  id: z.string(),
  /** User ids; null while that partner has not joined. */
  mother: z.nullable(z.string()),
  father: z.nullable(z.string()),
  motherEmail: z.nullable(z.string()),
  fatherEmail: z.nullable(z.string()),
  /** Each partner's kit order (purchase id); null until attached. */
  motherOrder: z.nullable(z.string()),
  fatherOrder: z.nullable(z.string()),
  pendingFatherAccept: z.boolean(),
  pendingMotherAccept: z.boolean(),
  purchaseDate: z.number(),
  /** '30x' or 'standard'. */
  testType: z.string(),
  donePilotOnboardingSteps: z.array(z.string()),
  /** With `withPartner`: the other partner, or null while they have not joined. */
  partner: z.optional(z.nullable(partnerSchema)),
  /** With `embryo`: the account's embryo reports, newest first. */
  embryoReports: z.optional(z.array(reportSummarySchema)),
});
export type CoupleAccount = z.infer<typeof coupleAccountSchema>;

export const individualOrderSchema = z.object({
  id: z.string(),
  purchaseId: z.string(),
  purchaseDate: z.number(),
  testType: z.string(),
  /** When the patient activated the kit, unix seconds; null before. */
  activatedAt: z.nullable(z.number()),
  /** With `withIndividualReport`, on the chosen order: its latest report, or null before one. */
  report: z.optional(z.nullable(reportSummarySchema)),
});
export type IndividualOrder = z.infer<typeof individualOrderSchema>;

export const orderParamsSchema = z.object({ id: z.string().check(z.minLength(1)) });

export const ORDER_NOT_FOUND = 'Order not found';
/** Spec section 8: a couple's activation when the father's or the mother's order is missing. */
export const ORDERS_NOT_ATTACHED = 'Orders not attached';
/** PATCH /individual_reports/{id}/activate on one partner's part of a couple test. */
export const ACTIVATE_COUPLE_TOGETHER =
  'This kit is part of a couple test: activate both kits together on the activation page.';
export const ACCOUNT_NOT_FOUND = 'Account not found';
