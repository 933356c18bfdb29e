// Login (password, code or passkey) and registration as auth-state transitions (spec §4): start, then
// success (user stored, profile fetched 500 ms later, live-video token cookie cleared) or failure.
import { useMemo } from 'react';
import type { z } from 'zod';
import type { AuthedUser, AuthedUserResponse } from '../../../shared/contract/user';
import {
  authCalls,
  type LoginByCodeRequest,
  type LoginRequest,
  type RegisterRequest,
} from '../../../shared/contract/auth';
import type { FieldIssue } from '../../../shared/contract/envelope';
import { passkeyCalls, type PasskeyAssertionRequest } from '../../../shared/contract/passkeys';
import { STATUS } from '../../../shared/contract/status';
import { ApiError, apiCall, errorMessage, recordOf } from '../../api/client';
import { ensureVisitorToken } from '../../api/visitor';
import { COOKIES, readCookie } from '../../lib/browser-storage';
import { useRefreshProfile } from '../profile/queries';
import { authFailure } from './auth-state';
import { useAuthDispatch } from './auth-store';
import { saveSession } from './session';

/** Spec §9: the profile is fetched 500 ms after a login. */
export const PROFILE_FETCH_DELAY_MS = 500;

export type ActionResult = { ok: true; needsCode: boolean } | { ok: false; fieldIssues: FieldIssue[] };

type Answer = z.output<typeof AuthedUserResponse>;

export function useAuthActions() {
  const dispatch = useAuthDispatch();
  const refreshProfile = useRefreshProfile();

  return useMemo(() => {
    function startSession(user: AuthedUser) {
      saveSession(user);
      window.setTimeout(() => void refreshProfile(), PROFILE_FETCH_DELAY_MS);
    }

    function failed(kind: 'login' | 'register', error: unknown): ActionResult {
      const apiError = error instanceof ApiError ? error : new ApiError(errorMessage(error), 0, STATUS.error);
      dispatch(authFailure(kind, apiError));
      return { ok: false, fieldIssues: apiError.fieldIssues };
    }

    async function login(call: () => Promise<Answer>): Promise<ActionResult> {
      dispatch({ type: 'login/start' });
      try {
        const answer = await call();
        const user = recordOf(answer);
        startSession(user);
        dispatch({ type: 'login/success', user, message: answer.message });
        return { ok: true, needsCode: false };
      } catch (error) {
        return failed('login', error);
      }
    }

    return {
      loginWithPassword: (body: z.output<typeof LoginRequest>) => login(() => apiCall(authCalls.login, { body })),

      loginWithCode: (body: Omit<z.output<typeof LoginByCodeRequest>, 'session_id'>) =>
        login(async () => {
          const sessionId = await ensureVisitorToken();
          return apiCall(authCalls.loginByCode, { body: { ...body, session_id: sessionId } });
        }),

      /** Signs in with a passkey's signed answer to the server's challenge (decision 087). */
      loginWithPasskey: (credential: PasskeyAssertionRequest['credential']) =>
        login(() => apiCall(passkeyCalls.login, { body: { credential } })),

      /** With a password the account is ready at once; without one, a code confirms it (needsCode). */
      async register(body: Omit<z.output<typeof RegisterRequest>, 'session_id' | 'refId'>): Promise<ActionResult> {
        dispatch({ type: 'register/start' });
        try {
          const sessionId = body.password === undefined ? await ensureVisitorToken() : undefined;
          const refId = readCookie(COOKIES.refId) ?? undefined;
          const answer = await apiCall(authCalls.register, { body: { ...body, refId, session_id: sessionId } });
          const user = recordOf(answer);
          if (user.tokenvalue) startSession(user);
          dispatch({ type: 'register/success', user, message: answer.message });
          return { ok: true, needsCode: !user.tokenvalue };
        } catch (error) {
          return failed('register', error);
        }
      },

      clear: () => dispatch({ type: 'clear' }),
    };
  }, [dispatch, refreshProfile]);
}
