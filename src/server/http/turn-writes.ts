// Answers finished in one turn of the event loop are written together at the turn's end (decision
// 121). Each socket write that finds its reader asleep wakes the reader's process, and when that
// reader runs on the same machine (nginx in `npm run cluster`, a load generator in a bench) the
// kernel bills the wake-up to the server's write. Written as each handler finishes, a busy turn's
// answers woke the reader once per answer: under load about 9 µs of every request on the bench's
// two-core machine, measured with perf. Held to the turn's check phase and written back to back,
// they wake it about once a turn. No answer waits longer than the turn it was made in.
import type { FastifyReply, FastifyInstance } from 'fastify';

type Held = { reply: FastifyReply; send: () => void };

/**
 * Holds every reply's send (its `onSend` step) until the end of the current turn (`setImmediate`),
 * then lets them all go in the order they came. Registered once, before the routes.
 */
export function writeAnswersPerTurn(app: FastifyInstance): void {
  let held: Held[] = [];
  const release = () => {
    const turn = held;
    held = [];
    for (const { reply, send } of turn) {
      try {
        send();
      } catch (error) {
        // Where Fastify sends an answer it catches what writing it throws (a header with a line
        // break, say) and answers the error instead. Held here, the same throw would leave this
        // answer and the rest of the turn's unsent: each gets Fastify's error answer instead.
        reply.send(error);
      }
    }
  };
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (held.length === 0) setImmediate(release);
    held.push({ reply, send: done });
  });
}
