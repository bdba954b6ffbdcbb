/** Logins, profiles and sessions (modules/accounts; the family lock and age columns of users are modules/family's, the profile balance the wallet's). */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { djs } from './catalog.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** False while the password is a random one nobody knows (an account made at checkout): a one-time SMS code confirms instead (migration 0031). */
    hasPassword: boolean('has_password').notNull().default(true),
    isStaff: boolean('is_staff').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Bumped to end every session at once (password reset): access tokens carry it. */
    tokenVersion: integer('token_version').notNull().default(0),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
    /** Role dj: this login sees only this DJ's sales, statements and payouts (migration 0023). */
    djId: integer('dj_id').references((): AnyPgColumn => djs.id, { onDelete: 'set null' }),
    /** When the customer confirmed being old enough for 16 and 18 (asked once; migration 0021). */
    ageConfirmedAt: timestamp('age_confirmed_at', { withTimezone: true }),
    /** The family lock's PIN, hashed as a password, while the lock is on. */
    familyLockPinHash: text('family_lock_pin_hash'),
    /** When the lock was turned on or its PIN last set: unlock values made before it open nothing. */
    familyLockSince: timestamp('family_lock_since', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_dj_unique').on(t.djId).where(sql`${t.djId} IS NOT NULL`),
    check('users_family_lock_whole', sql`(${t.familyLockPinHash} IS NULL) = (${t.familyLockSince} IS NULL)`),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    buyerid: serial('buyerid').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number'),
    /** The balance in Ksh. Written only by the wallet, never from a client. */
    account: integer('account').notNull().default(0),
    country: text('country').notNull().default('Kenya'),
    city: text('city').notNull().default(''),
    pictureKey: text('picture_key'),
    /** 'en' or 'sw' once the customer chooses (CONTRACT §9); null until then. */
    language: text('language'),
    /** The number the owner proved is theirs (an M-Pesa payment from it): the phone is verified while `phoneNumber` equals it (migration 0031). */
    verifiedPhone: text('verified_phone'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('profiles_user_unique').on(t.userId),
    uniqueIndex('profiles_verified_phone_unique').on(t.verifiedPhone).where(sql`${t.verifiedPhone} IS NOT NULL`),
    check('profiles_account_not_negative', sql`${t.account} >= 0`),
    check('profiles_language_known', sql`${t.language} IN ('en', 'sw')`),
  ],
);

/** One row per issued refresh token; a family is one login, rotated on every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: text('jti').primaryKey(),
    family: text('family').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The token that replaced this one: a renewal whose answer was lost is answered again with it, for a short while. */
    replacedBy: text('replaced_by'),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.family),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_revoked_idx')
      .on(t.revokedAt)
      .where(sql`${t.revokedAt} IS NOT NULL`),
  ],
);

/** A one-time sign-in link mailed from the checkout's sign-up; only its SHA-256 is kept. */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Where the storefront carries on after signing in (a path of the store), and what was being bought. */
    next: text('next'),
    videoIds: integer('video_ids').array().notNull().default(sql`'{}'`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sign_in_links_token_unique').on(t.tokenHash)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token: the token itself exists only in the e-mail. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_token_unique').on(t.tokenHash)],
);

/** One-time SMS codes (migration 0031): to sign in by phone, or to confirm in place of a password. Only an HMAC of the code is kept. */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: ['login', 'confirm'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** Wrong tries; the fifth voids the code. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('phone_codes_phone_idx').on(t.phone, t.createdAt.desc()), index('phone_codes_user_idx').on(t.userId, t.createdAt.desc()), check('phone_codes_purpose_known', sql`${t.purpose} IN ('login', 'confirm')`)],
);
