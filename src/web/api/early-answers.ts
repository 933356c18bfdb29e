// Answers the server put in the page for the first screen's public reads (decision 034). Each is
// used once, by the first matching read made while the page is young; later reads, and reads the
// page holds no answer for, go to the network as usual.
import { EARLY_ANSWERS_ID, readKey } from '../../shared/first-screen';

/** Past this age of the page, its answers are too old to show: reads ask the server again. */
const FRESH_FOR_MS = 10_000;

/** The answers of each page, read from it once. */
const answersOf = new WeakMap<Document, Map<string, unknown>>();

function readAnswers(page: Document): Map<string, unknown> {
  const answers = new Map<string, unknown>();
  const text = page.getElementById(EARLY_ANSWERS_ID)?.textContent;
  if (!text) return answers;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null)
      for (const [key, body] of Object.entries(parsed)) answers.set(key, body);
  } catch {
    // A page without readable answers: every read goes to the network.
  }
  return answers;
}

function pageAnswers(): Map<string, unknown> {
  if (typeof document === 'undefined') return new Map();
  let answers = answersOf.get(document);
  if (!answers) {
    answers = readAnswers(document);
    answersOf.set(document, answers);
  }
  return answers;
}

/** The page's answer to this read, once; undefined when there is none or the page is too old. */
export function takeEarlyAnswer(path: string, query: Record<string, string | undefined> = {}): unknown {
  const all = pageAnswers();
  if (all.size === 0) return undefined;
  if (performance.now() > FRESH_FOR_MS) {
    all.clear();
    return undefined;
  }
  const key = readKey(path, query);
  const body = all.get(key);
  all.delete(key);
  return body;
}
