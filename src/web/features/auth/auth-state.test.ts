import { describe, expect, it } from 'vitest';
import type { AuthedUser } from '../../../shared/contract/user';
import { MESSAGES, SPEC_MESSAGES } from '../../../shared/messages';
import { authFailure, authReducer, initialAuthState, type AuthAction, type AuthState } from './auth-state';

function createUser(overrides: Partial<AuthedUser> = {}): AuthedUser {
  return {
    id: 7,
    first_name: 'Ruby',
    middle_name: '',
    last_name: 'Alvarez',
    nickname: '',
    email: 'ruby@gemcast.test',
    isactive: 1,
    phone: '+15550100001',
    address: '',
    city: '',
    state: '',
    country: '',
    zip: '',
    full_name: 'Ruby Alvarez',
    recipient_name: '',
    profile_picture: '',
    weavy_member_Id: 'gemcast-7',
    birthday: '',
    anniversary: '',
    invitedCode: '',
    myInviteCode: 'RUBYDEMO',
    RSVPEventId: null,
    SpecialEventId: null,
    is_staff: 0,
    tokenvalue: 'token-123',
    ...overrides,
  };
}

const run = (state: AuthState, ...actions: AuthAction[]) => actions.reduce(authReducer, state);
const loggedOut = initialAuthState(null);
const loggedIn = initialAuthState(createUser());

describe('auth state at app start', () => {
  it('is logged in with a stored user and logged out without one', () => {
    expect(loggedIn).toEqual({
      loading: false,
      user: createUser(),
      error: false,
      message: '',
      statusCodeForBadReq: null,
    });
    expect(loggedOut.user).toBeNull();
  });
});

describe('login', () => {
  it('is loading while the call runs, then holds the user and the welcome message', () => {
    const started = run(loggedOut, { type: 'login/start' });
    expect(started.loading).toBe(true);
    const done = run(started, { type: 'login/success', user: createUser(), message: MESSAGES.loggedIn });
    expect(done).toEqual({
      loading: false,
      user: createUser(),
      error: false,
      message: MESSAGES.loggedIn,
      statusCodeForBadReq: null,
    });
  });

  it('keeps the visitor logged out with the server message on failure', () => {
    const done = run(loggedOut, { type: 'login/start' }, { type: 'login/failure', message: MESSAGES.badCredentials });
    expect(done).toEqual({
      loading: false,
      user: null,
      error: true,
      message: MESSAGES.badCredentials,
      statusCodeForBadReq: null,
    });
  });

  it('shows the fixed bad-request message and its status code for status -1', () => {
    const action = authFailure('login', { message: 'Enter your password.', httpStatus: 400, isBadRequest: true });
    const done = run(loggedOut, { type: 'login/start' }, action);
    expect(done).toEqual({
      loading: false,
      user: null,
      error: true,
      message: SPEC_MESSAGES.badRequest,
      statusCodeForBadReq: 400,
    });
  });

  it('shows the network failure message as it comes', () => {
    const action = authFailure('login', { message: SPEC_MESSAGES.networkError, httpStatus: 0, isBadRequest: false });
    expect(run(loggedOut, action)).toMatchObject({ error: true, message: SPEC_MESSAGES.networkError });
  });

  it('starts a new attempt without the previous error', () => {
    const failed = run(loggedOut, authFailure('login', { message: 'x', httpStatus: 400, isBadRequest: true }));
    expect(run(failed, { type: 'login/start' })).toMatchObject({
      loading: true,
      error: false,
      message: '',
      statusCodeForBadReq: null,
    });
  });
});

describe('registration', () => {
  it('logs the new member in when the account came with a token (password mode)', () => {
    const done = run(
      loggedOut,
      { type: 'register/start' },
      { type: 'register/success', user: createUser(), message: MESSAGES.registered },
    );
    expect(done.user).toEqual(createUser());
    expect(done.message).toBe(MESSAGES.registered);
  });

  it('stays logged out until the code is entered (code mode)', () => {
    const unconfirmed = createUser({ tokenvalue: '', isactive: 0 });
    const done = run(
      loggedOut,
      { type: 'register/start' },
      { type: 'register/success', user: unconfirmed, message: MESSAGES.registeredConfirm },
    );
    expect(done).toEqual({
      loading: false,
      user: null,
      error: false,
      message: MESSAGES.registeredConfirm,
      statusCodeForBadReq: null,
    });
  });

  it('reports a taken e-mail with the server message', () => {
    const action = authFailure('register', { message: MESSAGES.emailTaken, httpStatus: 409, isBadRequest: false });
    expect(run(loggedOut, { type: 'register/start' }, action)).toMatchObject({
      loading: false,
      error: true,
      message: MESSAGES.emailTaken,
    });
  });
});

describe('profile', () => {
  it('replaces the user record but keeps the session token', () => {
    const fresher = createUser({ nickname: 'Rubes', tokenvalue: 'ignored' });
    const { tokenvalue: _ignored, ...profile } = fresher;
    const done = run(
      loggedIn,
      { type: 'profile/start', operation: 'update' },
      { type: 'profile/success', operation: 'update', profile, message: MESSAGES.profileUpdated },
    );
    expect(done.user).toEqual(createUser({ nickname: 'Rubes' }));
    expect(done).toMatchObject({ loading: false, error: false, message: MESSAGES.profileUpdated });
  });

  it('refreshes quietly: a fetch keeps the message on screen', () => {
    const welcomed = run(loggedIn, { type: 'login/success', user: createUser(), message: MESSAGES.loggedIn });
    const { tokenvalue: _ignored, ...profile } = createUser({ city: 'Tucson' });
    const done = run(
      welcomed,
      { type: 'profile/start', operation: 'fetch' },
      { type: 'profile/success', operation: 'fetch', profile, message: '' },
    );
    expect(done).toMatchObject({
      loading: false,
      message: MESSAGES.loggedIn,
      user: { city: 'Tucson', tokenvalue: 'token-123' },
    });
  });

  it('records a failed picture upload with its message', () => {
    const message = `${SPEC_MESSAGES.pictureUpdateFailed}. ${MESSAGES.pictureNotImage}`;
    const done = run(
      loggedIn,
      { type: 'profile/start', operation: 'picture' },
      { type: 'profile/failure', operation: 'picture', message },
    );
    expect(done).toMatchObject({ loading: false, error: true, message, user: createUser() });
  });

  it('ignores profile answers that arrive after a logout', () => {
    const { tokenvalue: _ignored, ...profile } = createUser();
    const done = run(loggedOut, { type: 'profile/success', operation: 'fetch', profile, message: '' });
    expect(done).toBe(loggedOut);
  });
});

describe('leaving', () => {
  it('logs out with a message', () => {
    expect(run(loggedIn, { type: 'logout', message: MESSAGES.loggedOut })).toEqual({
      ...loggedOut,
      message: MESSAGES.loggedOut,
    });
  });

  it('logs out with an error when the server no longer accepts the session', () => {
    expect(run(loggedIn, { type: 'session/invalid', message: MESSAGES.sessionExpired })).toEqual({
      ...loggedOut,
      error: true,
      message: MESSAGES.sessionExpired,
    });
  });

  it('clear resets messages and keeps who is logged in', () => {
    const failed = run(loggedIn, { type: 'profile/failure', operation: 'update', message: SPEC_MESSAGES.updateFailed });
    expect(run(failed, { type: 'clear' })).toEqual(loggedIn);
  });
});
