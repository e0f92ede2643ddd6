import * as z from 'zod/mini';

/** Spec section 3: 'Male' or 'Female'; older records also hold 'M' and 'F'. */
export const sexSchema = z.enum(['Male', 'Female', 'M', 'F']);
export type Sex = z.infer<typeof sexSchema>;

export const userNameSchema = z.object({
  First: z.nullable(z.string()),
  Last: z.nullable(z.string()),
});
export type UserName = z.infer<typeof userNameSchema>;

export const birthdaySchema = z.object({
  Month: z.nullable(z.int().check(z.minimum(1), z.maximum(12))),
  Day: z.nullable(z.int().check(z.minimum(1), z.maximum(31))),
  Year: z.nullable(z.int().check(z.minimum(1900), z.maximum(2100))),
});
export type Birthday = z.infer<typeof birthdaySchema>;

/** The user entity of spec section 3, as the API returns it. */
export const userSchema = z.object({
  id: z.string(),
  name: userNameSchema,
  email: z.string(),
  phone: z.nullable(z.string()),
  sex: z.nullable(sexSchema),
  birthday: birthdaySchema,
  emailVerified: z.boolean(),
  isAdminUser: z.boolean(),
  enableDataPortal: z.boolean(),
  healthSurveyStatus: z.nullable(z.string()),
  tosAccepted: z.boolean(),
  hipaaAccepted: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** The primary admin acting as the signed-in user through impersonation. */
export const impersonatorSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
});
export type Impersonator = z.infer<typeof impersonatorSchema>;

/**
 * GET /user/me: the signed-in user, and who is impersonating them (null when nobody is; the
 * server always says, older answers may leave it out).
 */
export const currentUserSchema = z.extend(userSchema, {
  impersonatedBy: z.optional(z.nullable(impersonatorSchema)),
  /** May open the demo reports: the account's demo flag, or lab staff. */
  demoReports: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
