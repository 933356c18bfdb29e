// Answers written per turn (decision 121): an answer goes out when its turn of the event loop ends,
// the turn's answers in the order they were made, and every client still gets its own answer.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { writeAnswersPerTurn } from './turn-writes';

const turnEnd = () => new Promise<void>((resolve) => setImmediate(resolve));

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

it('holds each send until the turn ends, then lets the turn’s sends go in the order they came', async () => {
  type Hook = (request: unknown, reply: unknown, payload: unknown, done: () => void) => void;
  let onSend: Hook | null = null;
  writeAnswersPerTurn({
    addHook: (name: string, hook: Hook) => {
      if (name === 'onSend') onSend = hook;
    },
  } as unknown as FastifyInstance);
  const hook = onSend as Hook | null;
  if (!hook) throw new Error('no onSend hook was added');

  const sent: string[] = [];
  for (const name of ['first', 'second', 'third']) hook(null, null, name, () => sent.push(name));
  expect(sent).toEqual([]);
  await turnEnd();
  expect(sent).toEqual(['first', 'second', 'third']);

  hook(null, null, 'next turn', () => sent.push('next turn'));
  expect(sent).toHaveLength(3);
  await turnEnd();
  expect(sent).toEqual(['first', 'second', 'third', 'next turn']);
});

it('writes an answer over a real socket only once its turn is over', async () => {
  app = Fastify();
  writeAnswersPerTurn(app);
  const order: string[] = [];
  app.get('/answer', async (_request, reply) => {
    reply.raw.once('finish', () => order.push('written'));
    setImmediate(() => order.push('turn over'));
    return { ok: true };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });

  const response = await fetch(`${url}/answer`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
  expect(order).toEqual(['turn over', 'written']);
});

it('gives each of many clients at once its own answer, errors included', async () => {
  app = Fastify();
  writeAnswersPerTurn(app);
  app.get<{ Params: { n: string } }>('/echo/:n', async (request, reply) => {
    const n = Number(request.params.n);
    if (n % 10 === 0) return reply.code(404).send({ missing: n });
    return { n };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });

  const answers = await Promise.all(
    Array.from({ length: 60 }, async (_, n) => {
      const response = await fetch(`${url}/echo/${n}`);
      return { n, status: response.status, body: (await response.json()) as unknown };
    }),
  );
  for (const { n, status, body } of answers) {
    if (n % 10 === 0) expect({ status, body }).toEqual({ status: 404, body: { missing: n } });
    else expect({ status, body }).toEqual({ status: 200, body: { n } });
  }
});

it('answers an error, as Fastify does, when writing an answer throws, and still writes the rest of the turn', async () => {
  app = Fastify();
  writeAnswersPerTurn(app);
  app.get('/broken', async (_request, reply) => {
    reply.header('x-note', 'two\nlines');
    return { ok: true };
  });
  app.get('/fine', async () => ({ ok: true }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });

  const [broken, fine] = await Promise.all([fetch(`${url}/broken`), fetch(`${url}/fine`)]);
  expect(broken.status).toBe(500);
  expect(await broken.json()).toMatchObject({ code: 'ERR_INVALID_CHAR' });
  expect(fine.status).toBe(200);
  expect(await fine.json()).toEqual({ ok: true });
});
