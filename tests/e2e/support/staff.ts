// A staff member for the journeys, and the staff calls they make: a special event's questions
// and the answers viewers gave.
import { expect, type APIRequestContext } from '@playwright/test';
import type { Question, QuizSubmission, SetQuestionsRequest } from '../../../src/shared/contract/quiz';
import { registerViewer } from './factories';
import { grantStaff } from './site-data';

/** A new account with staff rights; its token goes in the `token` header. */
export async function registerStaff(request: APIRequestContext): Promise<{ token: string }> {
  const { viewer, user } = await registerViewer(request);
  grantStaff(viewer.email);
  return { token: user.tokenvalue };
}

export async function setQuestions(request: APIRequestContext, token: string, eventId: number, questions: SetQuestionsRequest['questions']): Promise<Question[]> {
  const response = await request.post(`/api/staff/events/${eventId}/questions`, { headers: { token }, data: { questions } });
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
