// The chat yardstick: a bare `ws` server that sends every text frame it receives to every client.
// Answers `mem` on stdin with its memory use after a garbage collection.
import { createInterface } from 'node:readline';
import { WebSocketServer } from 'ws';

const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
wss.on('connection', (socket) => {
  socket.on('message', (data, isBinary) => {
    for (const client of wss.clients) client.send(data, { binary: isBinary });
  });
});
wss.on('listening', () => {
  const address = wss.address();
  if (address && typeof address === 'object') process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
});
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line !== 'mem') return;
  globalThis.gc?.();
  globalThis.gc?.();
  process.stdout.write(`${JSON.stringify(process.memoryUsage())}\n`);
});
process.on('SIGTERM', () => process.exit(0));
