// Account calls (spec §7): registration, password and code login, password reset, existence
// checks, logout and the visitor token. Paths keep the spec's names.
import { z } from 'zod';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { AuthedUserResponse } from './user';
import {
  codeField,
  emailField,
  nameField,
  optionalDateField,
  optionalName,
  passwordField,
  phoneField,
} from '../validation';

const sessionId = z.string().trim().max(200).optional();

export const RegisterRequest = z.object({
  first_name: nameField('first name'),
  last_name: nameField('last name'),
  email: emailField,
  phone: phoneField,
  /** Omitted in code mode: the account is then confirmed by an e-mailed code. */
  password: passwordField.optional(),
  middle_name: optionalName(60).optional(),
  nickname: optionalName(40).optional(),
  birthday: optionalDateField.optional(),
  anniversary: optionalDateField.optional(),
  invitedCode: z.string().trim().max(32).optional(),
  refId: z.string().trim().max(100).optional(),
  session_id: sessionId,
});
export type RegisterRequest = z.input<typeof RegisterRequest>;

export const LoginRequest = z.object({
  email: emailField,
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(1024),
});
export type LoginRequest = z.input<typeof LoginRequest>;

export const GetLoginCodeQuery = z.object({ emailid: emailField, session_id: sessionId });
export type GetLoginCodeQuery = z.input<typeof GetLoginCodeQuery>;

export const LoginByCodeRequest = z.object({ email: emailField, OTP: codeField, session_id: sessionId });
export type LoginByCodeRequest = z.input<typeof LoginByCodeRequest>;

export const ForgotPasswordQuery = z.object({ emailId: emailField });
export type ForgotPasswordQuery = z.input<typeof ForgotPasswordQuery>;

export const CheckResetCodeRequest = z.object({ email: emailField, OTP: codeField });
export type CheckResetCodeRequest = z.input<typeof CheckResetCodeRequest>;

export const ResetPasswordRequest = z.object({ email: emailField, OTP: codeField, password: passwordField });
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;

export const CheckEmailQuery = z.object({ emailid: emailField });
export const CheckPhoneQuery = z.object({ phone: phoneField });

export const Exists = z.object({ exists: z.boolean() });
export const ExistsResponse = envelopeOf(Exists);

export const VisitorToken = z.object({ tkn: z.string() });
export const VisitorTokenResponse = envelopeOf(VisitorToken);

export const EmptyResponse = envelopeOf(z.never());

export const authCalls = {
  /** registeruser_v1: an account in password mode (signed in at once) or code mode (a code confirms it). */
  register: defineCall({
    method: 'POST',
    path: '/api/registeruser_v1',
    body: RegisterRequest,
    response: AuthedUserResponse,
  }),
  /** login_v1: e-mail and password; data[0] is the user with tokenvalue. */
  login: defineCall({ method: 'POST', path: '/api/login_v1', body: LoginRequest, response: AuthedUserResponse }),
  /** getloginotp: e-mails a 6-digit login code (the same answer for unknown addresses). */
  sendLoginCode: defineCall({
    method: 'GET',
    path: '/api/getloginotp',
    query: GetLoginCodeQuery,
    response: EmptyResponse,
  }),
  /** loginbyotp: signs in with the e-mailed code (and confirms a code-mode account). */
  loginByCode: defineCall({
    method: 'POST',
    path: '/api/loginbyotp',
    body: LoginByCodeRequest,
    response: AuthedUserResponse,
  }),
  /** forgotpasswordOTP_v1: e-mails a password reset code. */
  sendResetCode: defineCall({
    method: 'GET',
    path: '/api/forgotpasswordOTP_v1',
    query: ForgotPasswordQuery,
    response: EmptyResponse,
  }),
  /** valresetpassotp: checks a reset code without using it. */
  checkResetCode: defineCall({
    method: 'POST',
    path: '/api/valresetpassotp',
    body: CheckResetCodeRequest,
    response: EmptyResponse,
  }),
  /** resetpasswordotp_v1: sets a new password with a reset code; every session ends. */
  resetPassword: defineCall({
    method: 'POST',
    path: '/api/resetpasswordotp_v1',
    body: ResetPasswordRequest,
    response: EmptyResponse,
  }),
  /** checkifemailexists: data[0].exists (rate-limited per IP). */
  emailExists: defineCall({
    method: 'GET',
    path: '/api/checkifemailexists',
    query: CheckEmailQuery,
    response: ExistsResponse,
  }),
  /** checkifphoneexists: data[0].exists (rate-limited per IP, with checkifemailexists). */
  phoneExists: defineCall({
    method: 'GET',
    path: '/api/checkifphoneexists',
    query: CheckPhoneQuery,
    response: ExistsResponse,
  }),
  /** logout (token): revokes this session's token. */
  logout: defineCall({ method: 'POST', path: '/api/logout', response: EmptyResponse }),
  /** visitortoken: an opaque token (tkn) for an anonymous visitor (decision 006). */
  visitorToken: defineCall({ method: 'POST', path: '/api/visitortoken', response: VisitorTokenResponse }),
};
