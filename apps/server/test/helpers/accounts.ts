import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { LoginResponse } from '@store/contract';
import type { Database } from '../../src/db/client.ts';
import { users } from '../../src/db/schema.ts';
import { postLedgerEntry } from '../../src/modules/wallet/wallet.ts';

let n = 0;
/** A fresh customer's details; the password is not a common one. */
export function newCustomer(over: Partial<{ username: string; email: string; password: string }> = {}) {
  n++;
  return { username: `amina${n}`, email: `amina${n}@example.co.ke`, password: 'mango-safari-2026', ...over };
}

export async function register(app: FastifyInstance, c: { username: string; email: string; password: string }, remoteAddress?: string) {
  const res = await app.inject({ method: 'POST', url: '/api/register/', payload: { username: c.username, email: c.email, password1: c.password, password2: c.password }, ...(remoteAddress ? { remoteAddress } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  // The answer carries no id (it is the same for an e-mail that already has an account).
  const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, c.email.toLowerCase()));
  expect(user, `no account was created for ${c.email}`).toBeDefined();
  return { id: user!.id };
}

export async function login(app: FastifyInstance, c: { email: string; password: string }, remoteAddress = '10.0.0.1') {
  const res = await app.inject({ method: 'POST', url: '/api/login/', payload: { email: c.email, password: c.password }, remoteAddress });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json<LoginResponse>(), cookie: res.cookies.find((k) => k.name === 'refresh_token')! };
}

/**
 * Registers and logs in a new customer (from `address`: many from one are rate-limited, and with
 * Redis the counts are shared with every other test and run); answers their tokens and ids.
 */
export async function signedInCustomer(app: FastifyInstance, over: Parameters<typeof newCustomer>[0] = {}, address?: string) {
  const c = newCustomer(over);
  const { id } = await register(app, c, address);
  const { body, cookie } = await login(app, c, address);
  const info = await app.inject({ url: '/api/info/', headers: { authorization: `Bearer ${body.tokens.access}` } });
  return { ...c, id, tokens: body.tokens, cookie, buyerid: info.json<{ user: { profile: { buyerid: number } } }>().user.profile.buyerid, auth: { authorization: `Bearer ${body.tokens.access}` } };
}

/** A new customer made staff, logged in again so the token is a staff member's. */
export async function signedInStaff(app: FastifyInstance, address?: string) {
  const s = await signedInCustomer(app, {}, address);
  await app.db.update(users).set({ isStaff: true }).where(eq(users.id, s.id));
  const { body } = await login(app, s, address);
  return { ...s, auth: { authorization: `Bearer ${body.tokens.access}` } };
}

let topUps = 0;
/** A new signed-in customer whose balance is `balance` (an adjustment in the ledger). */
export async function customerWithBalance(app: FastifyInstance, balance: number, address?: string) {
  const c = await signedInCustomer(app, {}, address);
  await app.db.transaction((tx) => postLedgerEntry(tx as unknown as Database, { userId: c.id, kind: 'adjustment', amount: balance, reference: `test-balance-${process.pid}-${++topUps}` }));
  return c;
}
