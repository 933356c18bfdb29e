// Staff people and staff data for the journeys: a viewer promoted to staff (as `npm run staff --
// add` does) and logged in through the API, events scheduled through the staff API, and a special
// event's questions and answers.
import { expect, type APIRequestContext } from '@playwright/test';
import type { Question, QuizSubmission, SetQuestionsRequest } from '../../../src/shared/contract/quiz';
import type { StaffEventRecord, CreateEventRequest } from '../../../src/shared/contract/staff-events';
import type { AuthedUser } from '../../../src/shared/contract/user';
import { registerViewer } from './factories';
import { generateSync } from 'otplib';
import { grantStaff } from './site-data';

/** A new account with staff rights, logged in (the token carries the rights on the server). */
export async function createStaff(request: APIRequestContext): Promise<AuthedUser> {
  const { viewer } = await registerViewer(request);
  grantStaff(viewer.email);
  const response = await request.post('/api/login_v1', { data: { email: viewer.email, password: viewer.password } });
  expect(response.status(), await response.text()).toBe(200);
  const user: AuthedUser | undefined = (await response.json()).data[0];
  if (!user) throw new Error('login answered without a user');
  expect(user.is_staff).toBe(1);
  await enrolAuthenticator(request, user.tokenvalue);
  return user;
}

/**
 * Sets up an authenticator app for the signed-in staff member through the API, as the second-factor
 * page does, which passes the factor for this session (decision 086). Through the server, not the
 * database file, so the journeys' own writes never race the server's transactions.
 */
export async function enrolAuthenticator(request: APIRequestContext, token: string): Promise<string> {
  const enrol = await request.post('/api/staff/second-factor/enrol', { headers: { token } });
  expect(enrol.status(), await enrol.text()).toBe(200);
  const secret: string = (await enrol.json()).data[0].secret;
  const code = generateSync({ secret, epoch: Math.floor(Date.now() / 1000) });
  const confirmed = await request.post('/api/staff/second-factor/enrol/confirm', {
    headers: { token },
    data: { code },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return secret;
}

const MINUTE = 60_000;

/** Schedules an event through the staff API, from `startsInMinutes` (negative: started) for `minutes`. */
export async function scheduleAsStaff(
  request: APIRequestContext,
  staff: AuthedUser,
  event: Omit<CreateEventRequest, 'cust_start' | 'cust_end'> & { startsInMinutes: number; minutes: number },
): Promise<StaffEventRecord> {
  const { startsInMinutes, minutes, ...fields } = event;
  const start = new Date(Date.now() + startsInMinutes * MINUTE);
  const data = {
    ...fields,
    cust_start: start.toISOString(),
    cust_end: new Date(start.getTime() + minutes * MINUTE).toISOString(),
  };
  const response = await request.post('/api/staff/events', { data, headers: { token: staff.tokenvalue } });
  expect(response.status(), await response.text()).toBe(200);
  const saved: StaffEventRecord | undefined = (await response.json()).data[0];
  if (!saved) throw new Error('scheduling answered without the event');
  return saved;
}

/** Every event the staff list holds, whatever its time. */
export async function staffEvents(request: APIRequestContext, staff: AuthedUser): Promise<StaffEventRecord[]> {
  const response = await request.get('/api/staff/events?on=all', { headers: { token: staff.tokenvalue } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data;
}

export async function setQuestions(
  request: APIRequestContext,
  token: string,
  eventId: number,
  questions: SetQuestionsRequest['questions'],
): Promise<Question[]> {
  const response = await request.post(`/api/staff/events/${eventId}/questions`, {
    headers: { token },
    data: { questions },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body: { data: Question[] } = await response.json();
  return body.data;
}

export async function answersTo(request: APIRequestContext, token: string, eventId: number): Promise<QuizSubmission[]> {
  const response = await request.get(`/api/staff/events/${eventId}/answers`, { headers: { token } });
  expect(response.status(), await response.text()).toBe(200);
  const body: { data: QuizSubmission[] } = await response.json();
  return body.data;
}
