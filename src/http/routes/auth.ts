// Accounts: sign-up, login (session token), current user, logout (docs/api-contract.md §4).
// get-current-user and logout authenticate with the session token (Authorization: Bearer), not an API key.
import { Router, type Request } from 'express';
import { z } from 'zod';
import { EmailTakenError, InvalidCredentialsError, type AccountService } from '../../accounts/account-repository.js';
import { conflict, unauthorized } from '../errors.js';
import { errorResponse, openapi, sessionScheme } from '../openapi.js';
import { defineRoute, mountRoutes, reply, type RouteDefinition } from '../define-route.js';

const Credentials = z.object({
  email: z.string().trim().max(254).email(),
  password: z.string().min(10, 'must be at least 10 characters').max(1024),
});
const LoginBody = z.object({ email: z.string().trim().max(254).email(), password: z.string().min(1).max(1024) });

const User = openapi.register(
  'User',
  z.object({ id: z.string(), email: z.string().nullable(), created_at: z.string().openapi({ format: 'date-time' }) }),
);
const Session = z.object({ token: z.string(), expires_at: z.string(), user: User });
const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } } });

/** The bearer token of the request, or undefined when there is no Authorization header. */
export function bearerToken(req: Request): string | undefined {
  const header = req.get('authorization');
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized('malformed Authorization header: expected "Bearer <session token>"');
  return match[1];
}

const base = '/api/v1/auth';

async function sessionUser(accounts: AccountService, req: Request) {
  const token = bearerToken(req);
  if (!token) throw unauthorized('missing session token: send Authorization: Bearer <token>');
  const user = await accounts.userForSession(token);
  if (!user) throw unauthorized('invalid session token: unknown, expired or logged out');
  return { token, user };
}

const routes: RouteDefinition<AccountService>[] = [
  defineRoute({
    method: 'post', base, path: '/signup', tags: ['Accounts'], summary: 'Create an account', security: null,
    body: { schema: Credentials },
    responses: { 201: { description: 'Created', ...json(z.object({ user: User })) }, 400: errorResponse('Invalid email or password shorter than 10 characters'), 409: errorResponse('Email already registered') },
    handle: async (accounts: AccountService, { body: { email, password } }) => {
      try {
        return reply(201, { user: await accounts.signup(email, password) });
      } catch (err) {
        if (err instanceof EmailTakenError) throw conflict(err.message);
        throw err;
      }
    },
  }),
  defineRoute({
    method: 'post', base, path: '/login', tags: ['Accounts'], summary: 'Log in; returns a session token', security: null,
    body: { schema: LoginBody },
    responses: { 200: { description: 'Session', ...json(Session) }, 400: errorResponse('Invalid body'), 401: errorResponse('Wrong email or password (the same answer for both)') },
    handle: async (accounts: AccountService, { body: { email, password } }) => {
      try {
        return await accounts.login(email, password);
      } catch (err) {
        if (err instanceof InvalidCredentialsError) throw unauthorized(err.message);
        throw err;
      }
    },
  }),
  defineRoute({
    method: 'get', base, path: '/me', tags: ['Accounts'], summary: 'The user of the session token', security: [{ [sessionScheme.name]: [] }],
    responses: { 200: { description: 'Current user', ...json(z.object({ user: User })) }, 401: errorResponse('Missing, unknown, expired or logged-out session token') },
    handle: async (accounts: AccountService, _input, req) => ({ user: (await sessionUser(accounts, req)).user }),
  }),
  defineRoute({
    method: 'post', base, path: '/logout', tags: ['Accounts'], summary: 'End the session', security: [{ [sessionScheme.name]: [] }],
    responses: { 200: { description: 'Logged out', ...json(z.object({ logged_out: z.literal(true) })) }, 401: errorResponse('Missing, unknown, expired or logged-out session token') },
    handle: async (accounts: AccountService, _input, req) => {
      const { token } = await sessionUser(accounts, req);
      await accounts.logout(token);
      return { logged_out: true };
    },
  }),
];

export function createAuthRouter(accounts: AccountService): Router {
  return mountRoutes(Router(), accounts, routes);
}
