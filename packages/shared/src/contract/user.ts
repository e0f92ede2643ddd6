import { z } from 'zod';

/** Spec section 3: 'Male' or 'Female'; older records also hold 'M' and 'F'. */
export const sexSchema = z.enum(['Male', 'Female', 'M', 'F']);
export type Sex = z.infer<typeof sexSchema>;

export const userNameSchema = z.object({
  First: z.string().nullable(),
  Last: z.string().nullable(),
});
export type UserName = z.infer<typeof userNameSchema>;

export const birthdaySchema = z.object({
  Month: z.number().int().min(1).max(12).nullable(),
  Day: z.number().int().min(1).max(31).nullable(),
  Year: z.number().int().min(1900).max(2100).nullable(),
});
export type Birthday = z.infer<typeof birthdaySchema>;

/** The user entity of spec section 3, as the API returns it. */
export const userSchema = z.object({
  id: z.string(),
  name: userNameSchema,
  email: z.string(),
  phone: z.string().nullable(),
  sex: sexSchema.nullable(),
  birthday: birthdaySchema,
  emailVerified: z.boolean(),
  isAdminUser: z.boolean(),
  enableDataPortal: z.boolean(),
  healthSurveyStatus: z.string().nullable(),
  tosAccepted: z.boolean(),
  hipaaAccepted: z.boolean(),
});
export type User = z.infer<typeof userSchema>;
