// The account calls of spec §7 under /api/, mapped once to the auth service.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CheckEmailQuery,
  CheckPhoneQuery,
  CheckResetCodeRequest,
  EmptyResponse,
  ExistsResponse,
  ForgotPasswordQuery,
  GetLoginCodeQuery,
  LoginByCodeRequest,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
  VisitorTokenResponse,
} from '../../../shared/contract/auth';
import { ErrorEnvelope } from '../../../shared/contract/envelope';
import { AuthedUserResponse } from '../../../shared/contract/user';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { cookieValue } from '../../http/cookies';
import { ok } from '../../http/envelope';
import { newVisitorToken } from '../../platform/secrets';
import { currentUser, type sessionGuards } from '../../http/session';
import type { AuthService } from './auth.service';

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };
const tags = ['accounts'];

export function authRoutes(ctx: AppContext, auth: AuthService, guards: ReturnType<typeof sessionGuards>) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const now = () => ctx.clock.now();

    app.post('/api/registeruser_v1', { schema: { tags, summary: 'Create an account (password mode, or code mode without a password)', body: RegisterRequest, response: { 200: AuthedUserResponse, ...errors } } }, async (request) => {
      // The referral cookie counts even when the form did not send it.
      const refId = request.body.refId || cookieValue(request.headers.cookie, 'refId')?.slice(0, 100);
      const { user, message } = await auth.register({ ...request.body, refId }, request.ip);
      return ok([user], message, now());
    });

    app.post('/api/login_v1', { schema: { tags, summary: 'Log in with e-mail and password', body: LoginRequest, response: { 200: AuthedUserResponse, ...errors } } }, async (request) => {
      return ok([await auth.login(request.body, request.ip)], MESSAGES.loggedIn, now());
    });

    app.get('/api/getloginotp', { schema: { tags, summary: 'E-mail a 6-digit login code', querystring: GetLoginCodeQuery, response: { 200: EmptyResponse, ...errors } } }, async (request) => {
      await auth.sendLoginCode(request.query.emailid, request.query.session_id, request.ip);
      return ok([], MESSAGES.codeSent, now());
    });

    app.post('/api/loginbyotp', { schema: { tags, summary: 'Log in with an e-mailed code', body: LoginByCodeRequest, response: { 200: AuthedUserResponse, ...errors } } }, async (request) => {
      return ok([await auth.loginByCode(request.body, request.ip)], MESSAGES.loggedIn, now());
    });

    app.get('/api/forgotpasswordOTP_v1', { schema: { tags, summary: 'E-mail a password reset code', querystring: ForgotPasswordQuery, response: { 200: EmptyResponse, ...errors } } }, async (request) => {
      await auth.sendResetCode(request.query.emailId, request.ip);
      return ok([], MESSAGES.codeSent, now());
    });

    app.post('/api/valresetpassotp', { schema: { tags, summary: 'Check a password reset code without using it', body: CheckResetCodeRequest, response: { 200: EmptyResponse, ...errors } } }, async (request) => {
      await auth.checkResetCode(request.body, request.ip);
      return ok([], MESSAGES.codeAccepted, now());
    });

    app.post('/api/resetpasswordotp_v1', { schema: { tags, summary: 'Set a new password with a reset code', body: ResetPasswordRequest, response: { 200: EmptyResponse, ...errors } } }, async (request) => {
      await auth.resetPassword(request.body, request.ip);
      return ok([], MESSAGES.passwordReset, now());
    });

    app.get('/api/checkifemailexists', { schema: { tags, summary: 'Whether an account uses this e-mail (rate-limited)', querystring: CheckEmailQuery, response: { 200: ExistsResponse, ...errors } } }, async (request) => {
      return ok([{ exists: await auth.emailExists(request.query.emailid, request.ip) }], MESSAGES.ok, now());
    });

    app.get('/api/checkifphoneexists', { schema: { tags, summary: 'Whether an account uses this phone number (rate-limited)', querystring: CheckPhoneQuery, response: { 200: ExistsResponse, ...errors } } }, async (request) => {
      return ok([{ exists: await auth.phoneExists(request.query.phone, request.ip) }], MESSAGES.ok, now());
    });

    app.post('/api/logout', { preHandler: guards.requireUser, schema: { tags, summary: 'Revoke this session token', response: { 200: EmptyResponse, ...errors } } }, async (request) => {
      currentUser(request);
      if (request.tokenHash) await auth.logout(request.tokenHash);
      return ok([], MESSAGES.loggedOut, now());
    });

    app.post('/api/visitortoken', { schema: { tags, summary: 'A signed token (tkn) for an anonymous visitor', response: { 200: VisitorTokenResponse, ...errors } } }, async () => {
      return ok([{ tkn: newVisitorToken(ctx.random) }], MESSAGES.ok, now());
    });
  };
}
