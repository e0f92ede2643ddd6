import { and, eq, not, or, sql } from 'drizzle-orm';
import type { OnboardingStep, PersonalStep } from '@nestling/shared/contract/onboarding';
import type { Database } from '../../db/database.ts';
import { coupleAccount } from '../orders/schema.ts';

type Executor = Pick<Database, 'update'>;

/** Adds a step to a couple account's `donePilotOnboardingSteps`, once. */
export async function recordAccountStep(
  db: Executor,
  coupleAccountId: string,
  step: OnboardingStep,
): Promise<void> {
  await db
    .update(coupleAccount)
    .set({
      donePilotOnboardingSteps: sql`array_append(${coupleAccount.donePilotOnboardingSteps}, ${step})`,
    })
    .where(
      and(
        eq(coupleAccount.id, coupleAccountId),
        not(sql`${step} = any(${coupleAccount.donePilotOnboardingSteps})`),
      ),
    );
}

/**
 * A person finished one of their own steps: recorded, with their role, on every couple account
 * they are the mother or father of.
 */
export async function recordPersonalStep(
  db: Executor,
  userId: string,
  step: PersonalStep,
): Promise<void> {
  for (const role of ['mother', 'father'] as const) {
    const named = `${role.toUpperCase()}_${step}` as OnboardingStep;
    const column = role === 'mother' ? coupleAccount.mother : coupleAccount.father;
    await db
      .update(coupleAccount)
      .set({
        donePilotOnboardingSteps: sql`array_append(${coupleAccount.donePilotOnboardingSteps}, ${named})`,
      })
      .where(
        and(
          eq(column, userId),
          not(sql`${named} = any(${coupleAccount.donePilotOnboardingSteps})`),
        ),
      );
  }
}

/** Whether the user is on the account (the mother or the father). */
export function isPartnerOf(userId: string) {
  return or(eq(coupleAccount.mother, userId), eq(coupleAccount.father, userId));
}
