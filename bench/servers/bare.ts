// The yardstick: a bare Node http server answering one constant JSON body.
import http from 'node:http';

const body = JSON.stringify({ status: 1, statusCode: 200, message: 'OK', data: [{ id: 1, first_name: 'Ruby' }] });
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
});
