// The chat yardstick: a bare `ws` server that sends every text frame it receives to every client.
// Answers `mem` on stdin with its memory use after a garbage collection.
import { WebSocketServer } from 'ws';
import { answerMemoryRequests } from './memory-probe';

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
answerMemoryRequests();
process.on('SIGTERM', () => process.exit(0));
