import * as z from 'zod/mini';
import { coupleAccountSchema, individualOrderSchema } from './orders.ts';
import { reportSummarySchema } from './report-view.ts';
import { asUserSchema, userOnlyAnswerSchema } from './view-as.ts';

/*
 * GET /user (spec section 7): the user whose portal this is, and what the flags ask for. Kept
 * apart from user.ts, which the first load of every page needs for GET /user/me. ADR 009,
 * 'Reading reports', gives the reasons.
 *
 * What each flag adds ('true' adds it; absent or 'false' leaves the key out):
 * - preconception: `accounts` (the couple accounts the user is mother or father of, newest
 *   first), `account` (the preferred one: `preferredAccount`, else the preferred-account cookie
 *   when it names one of them, else the newest; null for none) and `preconceptionReports` (the
 *   joint reports of `account`, newest first, as summaries at their latest version).
 * - embryo: `accounts` and `account` as above, each account with `embryoReports`.
 * - withPartner: with preconception or embryo, each account's `partner` (name and email only;
 *   null while the partner has not joined).
 * - individual: `individualOrders` (the user's own orders, newest first) and `order` (the
 *   preferred one: `preferredOrder`, else the preferred-order cookie, else the newest; null).
 * - withIndividualReport: with individual, `order.report`, the order's latest individual report
 *   (null before the lab delivers one).
 *
 * Spec section 8's 'no response' (the call that lists the user's reports gets nothing): with no
 * couple account, `accounts` is empty and `account` null, and the web app shows 'no response'
 * itself; a 404 would be logged by the browser on every page. An account bought but
 * without a report yet is answered with empty report lists, so that it shows at once.
 */

/**
 * A query flag, 'true' or 'false' as the API client writes booleans. Kept as text: a codec to
 * boolean would bring zod's codec code into the web app's first load.
 */
const queryFlagSchema = z.optional(z.enum(['true', 'false']));

const idSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));

/**
 * The query of GET /user. `asUser`: admins only. `preferredAccount` and `preferredOrder`
 * choose `account` and `order` and are remembered in cookies (spec section 9); one the user may
 * not see is a 404.
 */
export const userQuerySchema = z.object({
  asUser: z.optional(asUserSchema),
  embryo: queryFlagSchema,
  preconception: queryFlagSchema,
  withPartner: queryFlagSchema,
  individual: queryFlagSchema,
  withIndividualReport: queryFlagSchema,
  preferredAccount: z.optional(idSchema),
  preferredOrder: z.optional(idSchema),
});
export type UserQuery = z.infer<typeof userQuerySchema>;

/** GET /user: the user whose portal this is (the caller, or the one an admin views as). */
export const userAnswerSchema = z.extend(userOnlyAnswerSchema, {
  accounts: z.optional(z.array(coupleAccountSchema)),
  account: z.optional(z.nullable(coupleAccountSchema)),
  preconceptionReports: z.optional(z.array(reportSummarySchema)),
  individualOrders: z.optional(z.array(individualOrderSchema)),
  order: z.optional(z.nullable(individualOrderSchema)),
});
export type UserAnswer = z.infer<typeof userAnswerSchema>;

/** The cookies that remember the preferred account and individual order (spec section 9). */
export const PREFERRED_ACCOUNT_COOKIE = 'nestling_preferred_account';
export const PREFERRED_ORDER_COOKIE = 'nestling_preferred_order';

export const VIEW_AS_ADMIN_ONLY = "Only lab staff can view another person's portal";
export const USER_NOT_FOUND = 'User not found';
