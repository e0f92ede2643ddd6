import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { user } from '../auth/schema.ts';
import { coupleAccount, individualOrder } from '../orders/schema.ts';
import { partnerInvitation } from './schema.ts';
import { purchaseOrder } from '../purchase-orders/schema.ts';

export type InvitationRow = typeof partnerInvitation.$inferSelect;
export type CoupleAccountRow = typeof coupleAccount.$inferSelect;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

/** The role's columns on a couple account. */
export function roleColumns(role: 'mother' | 'father') {
  return role === 'mother'
    ? {
        user: coupleAccount.mother,
        email: coupleAccount.motherEmail,
        pending: coupleAccount.pendingMotherAccept,
        shares: coupleAccount.motherSharesIndividual,
      }
    : {
        user: coupleAccount.father,
        email: coupleAccount.fatherEmail,
        pending: coupleAccount.pendingFatherAccept,
        shares: coupleAccount.fatherSharesIndividual,
      };
}

/** A new invitation's row; the caller made the token and keeps it. */
export async function insertInvitation(db: Executor, row: typeof partnerInvitation.$inferInsert) {
  await db.insert(partnerInvitation).values(row);
}

/** Partner invitations and sharing (ADR 015): the only code that speaks Drizzle for them. */
export function createPartnerRepository(db: Database) {
  return {
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async findByTokenHash(tokenHash: string): Promise<InvitationRow | null> {
      const rows = await db
        .select()
        .from(partnerInvitation)
        .where(eq(partnerInvitation.tokenHash, tokenHash))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The invitation a resend gave a new link instead of this one. */
    async findByReplacedTokenHash(tokenHash: string): Promise<InvitationRow | null> {
      const rows = await db
        .select()
        .from(partnerInvitation)
        .where(sql`${partnerInvitation.replacedTokenHashes} @> array[${tokenHash}]::text[]`)
        .limit(1);
      return rows[0] ?? null;
    },

    async findById(id: string): Promise<InvitationRow | null> {
      const rows = await db
        .select()
        .from(partnerInvitation)
        .where(eq(partnerInvitation.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The newest invitation of an account that is neither accepted nor canceled. */
    async openInvitationOf(accountId: string, executor: Executor = db) {
      const rows = await executor
        .select()
        .from(partnerInvitation)
        .where(
          and(
            eq(partnerInvitation.coupleAccountId, accountId),
            isNull(partnerInvitation.acceptedAt),
            isNull(partnerInvitation.canceledAt),
          ),
        )
        .orderBy(desc(partnerInvitation.createdAt))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Open, unexpired invitations to this address whose account still waits for that role. */
    async pendingFor(email: string, now: Date) {
      return db
        .select({
          id: partnerInvitation.id,
          role: partnerInvitation.role,
          expiresAt: partnerInvitation.expiresAt,
          inviterEmail: user.email,
        })
        .from(partnerInvitation)
        .innerJoin(coupleAccount, eq(coupleAccount.id, partnerInvitation.coupleAccountId))
        .innerJoin(user, eq(user.id, partnerInvitation.invitedBy))
        .where(
          and(
            eq(partnerInvitation.email, email),
            isNull(partnerInvitation.acceptedAt),
            isNull(partnerInvitation.canceledAt),
            gt(partnerInvitation.expiresAt, now),
            // Spec section 4: found through the pending-accept flag of the role.
            or(
              and(
                eq(partnerInvitation.role, 'mother'),
                eq(coupleAccount.pendingMotherAccept, true),
                isNull(coupleAccount.mother),
              ),
              and(
                eq(partnerInvitation.role, 'father'),
                eq(coupleAccount.pendingFatherAccept, true),
                isNull(coupleAccount.father),
              ),
            ),
          ),
        )
        .orderBy(desc(partnerInvitation.createdAt));
    },

    async findAccount(id: string, executor: Executor = db): Promise<CoupleAccountRow | null> {
      const rows = await executor
        .select()
        .from(coupleAccount)
        .where(eq(coupleAccount.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The accounts the person is the mother or father of, newest first. */
    async accountsOf(userId: string): Promise<CoupleAccountRow[]> {
      return db
        .select()
        .from(coupleAccount)
        .where(or(eq(coupleAccount.mother, userId), eq(coupleAccount.father, userId)))
        .orderBy(desc(coupleAccount.createdAt), desc(coupleAccount.id));
    },

    /**
     * Locks the person's row until the transaction ends: places on couple tests they take at
     * once are counted one after the other.
     */
    async lockPerson(tx: Transaction, userId: string): Promise<void> {
      await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    },

    /** The couple tests the person holds a place on, as buyer or partner; refunded ones not. */
    async couplePlacesHeld(executor: Executor, userId: string): Promise<number> {
      const rows = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(coupleAccount)
        .where(
          and(
            or(eq(coupleAccount.mother, userId), eq(coupleAccount.father, userId)),
            sql`not exists (select 1 from ${purchaseOrder} where ${purchaseOrder.coupleAccountId} = ${coupleAccount.id} and ${purchaseOrder.status} = 'refunded')`,
          ),
        );
      return rows[0]?.count ?? 0;
    },

    async findUser(id: string) {
      const rows = await db
        .select({
          id: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          sex: user.sex,
          healthSurveyStatus: user.healthSurveyStatus,
        })
        .from(user)
        .where(eq(user.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    async cancelOpen(accountId: string, at: Date, executor: Executor = db): Promise<number> {
      const rows = await executor
        .update(partnerInvitation)
        .set({ canceledAt: at })
        .where(
          and(
            eq(partnerInvitation.coupleAccountId, accountId),
            isNull(partnerInvitation.acceptedAt),
            isNull(partnerInvitation.canceledAt),
          ),
        )
        .returning({ id: partnerInvitation.id });
      return rows.length;
    },

    /** A new token for an open invitation: the old link stops working. */
    async resend(
      id: string,
      change: { tokenHash: string; lastSentAt: Date; expiresAt: Date },
    ): Promise<InvitationRow | null> {
      const rows = await db
        .update(partnerInvitation)
        .set({
          ...change,
          sendCount: sql`${partnerInvitation.sendCount} + 1`,
          // The link being replaced: it will say so.
          replacedTokenHashes: sql`array_append(${partnerInvitation.replacedTokenHashes}, ${partnerInvitation.tokenHash})`,
        })
        .where(
          and(
            eq(partnerInvitation.id, id),
            isNull(partnerInvitation.acceptedAt),
            isNull(partnerInvitation.canceledAt),
          ),
        )
        .returning();
      return rows[0] ?? null;
    },

    /** The invited address and the pending flag of the role. */
    async setInvited(
      accountId: string,
      role: 'mother' | 'father',
      email: string,
      executor: Executor = db,
    ) {
      const set =
        role === 'mother'
          ? { motherEmail: email, pendingMotherAccept: true }
          : { fatherEmail: email, pendingFatherAccept: true };
      await executor.update(coupleAccount).set(set).where(eq(coupleAccount.id, accountId));
    },

    /**
     * Single use: marks the invitation accepted only if nobody did yet and it is still open;
     * false when another acceptance (or a cancellation) came first.
     */
    async markAccepted(tx: Transaction, id: string, userId: string, at: Date): Promise<boolean> {
      const rows = await tx
        .update(partnerInvitation)
        .set({ acceptedAt: at, acceptedBy: userId })
        .where(
          and(
            eq(partnerInvitation.id, id),
            isNull(partnerInvitation.acceptedAt),
            isNull(partnerInvitation.canceledAt),
            gt(partnerInvitation.expiresAt, at),
          ),
        )
        .returning({ id: partnerInvitation.id });
      return rows.length === 1;
    },

    /** Fills the role's empty slot; false when it is taken. */
    async fillSlot(
      tx: Transaction,
      accountId: string,
      role: 'mother' | 'father',
      userId: string,
    ): Promise<boolean> {
      const columns = roleColumns(role);
      const set =
        role === 'mother'
          ? { mother: userId, pendingMotherAccept: false }
          : { father: userId, pendingFatherAccept: false };
      const rows = await tx
        .update(coupleAccount)
        .set(set)
        .where(and(eq(coupleAccount.id, accountId), isNull(columns.user)))
        .returning({ id: coupleAccount.id });
      return rows.length === 1;
    },

    async setSharing(accountId: string, role: 'mother' | 'father', shares: boolean) {
      const set =
        role === 'mother' ? { motherSharesIndividual: shares } : { fatherSharesIndividual: shares };
      await db.update(coupleAccount).set(set).where(eq(coupleAccount.id, accountId));
    },

    /**
     * Whether the owner lets the reader see their individual results: both are the partners of
     * one couple account on which the owner's flag is on.
     */
    async sharesIndividualWith(ownerId: string, readerId: string): Promise<boolean> {
      const rows = await db
        .select({ id: coupleAccount.id })
        .from(coupleAccount)
        .where(
          or(
            and(
              eq(coupleAccount.mother, ownerId),
              eq(coupleAccount.father, readerId),
              eq(coupleAccount.motherSharesIndividual, true),
            ),
            and(
              eq(coupleAccount.father, ownerId),
              eq(coupleAccount.mother, readerId),
              eq(coupleAccount.fatherSharesIndividual, true),
            ),
          ),
        )
        .limit(1);
      return rows.length === 1;
    },

    async individualOrdersOf(userId: string) {
      return db
        .select({ id: individualOrder.id })
        .from(individualOrder)
        .where(eq(individualOrder.userId, userId))
        .orderBy(desc(individualOrder.createdAt), desc(individualOrder.id));
    },
  };
}

export type PartnerRepository = ReturnType<typeof createPartnerRepository>;
