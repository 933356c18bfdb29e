import { once } from 'node:events';
import { createServer, get, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { addAcceptHandles, type AcceptHandles } from './accept-handles';

let server: Server;
let handles: AcceptHandles | null = null;

async function listening() {
  server = createServer((request, response) => response.end(`hello ${request.url ?? ''}`));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

/** Of `count` connections opened at once, how many this process accepts in the loop's next two turns. */
async function acceptedInTwoTurns(port: number, count: number) {
  let accepted = 0;
  const counting = () => (accepted += 1);
  server.on('connection', counting);
  const clients: Socket[] = Array.from({ length: count }, () => connect(port, '127.0.0.1'));
  // The connects go out on the next tick; the loop then polls twice before this resolves.
  await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
  const inTurn = accepted;
  while (accepted < count) await new Promise((resolve) => setTimeout(resolve, 5));
  server.off('connection', counting);
  for (const client of clients) client.destroy();
  return inTurn;
}

/** A GET on a connection of its own, so that every handle has its turn. */
function fetchFresh(port: number, path: string) {
  return new Promise<string>((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

afterEach(async () => {
  handles?.close();
  handles = null;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('accept handles (decision 107)', () => {
  it('copies the listening socket, and the copies answer with the same HTTP server', async () => {
    const port = await listening();
    handles = addAcceptHandles(server, 3);
    await handles.ready;
    expect(handles.count).toBe(3);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => fetchFresh(port, `/${i}`)));
    expect(answers).toEqual(Array.from({ length: 40 }, (_, i) => `hello /${i}`));
  });

  it('answers the connections that arrive while the copies are being made', async () => {
    const port = await listening();
    const requests: Promise<string>[] = [];
    // At most 300: on a loaded machine an endless flood kept the echo process's answers from being
    // read before its timeout, and the copies were given up.
    const flood = setInterval(() => {
      for (let i = 0; i < 5 && requests.length < 300; i++) requests.push(fetchFresh(port, `/early-${requests.length}`));
    }, 1);
    handles = addAcceptHandles(server, 15);
    await handles.ready;
    clearInterval(flood);
    expect(handles.count).toBe(15);
    const answers = await Promise.all(requests);
    expect(answers).toEqual(requests.map((_, i) => `hello /early-${i}`));
  });

  it("gives every socket the HTTP server's own accept options: no Nagle delay, half-open allowed", async () => {
    const port = await listening();
    const seen: Socket[] = [];
    server.on('connection', (socket: Socket) => seen.push(socket));
    handles = addAcceptHandles(server, 3);
    await handles.ready;
    const requests = Array.from({ length: 24 }, (_, i) => fetchFresh(port, `/${i}`));
    await Promise.all(requests);
    expect(seen.length).toBeGreaterThanOrEqual(24);
    // Node keeps a socket's setNoDelay under this symbol; its own accept sets it for http.Server.
    const noDelayOf = (socket: Socket) => {
      const key = Object.getOwnPropertySymbols(socket).find((symbol) => symbol.description === 'kSetNoDelay');
      return key ? (socket as unknown as Record<symbol, unknown>)[key] : undefined;
    };
    expect(seen.map(noDelayOf)).toEqual(seen.map(() => true));
    expect(seen.map((socket) => socket.allowHalfOpen)).toEqual(seen.map(() => true));
  });

  it('accepts a connection per handle in each turn of the loop, where one handle takes one', async () => {
    const port = await listening();
    expect(await acceptedInTwoTurns(port, 6)).toBeLessThanOrEqual(2);
    handles = addAcceptHandles(server, 3);
    await handles.ready;
    expect(await acceptedInTwoTurns(port, 6)).toBeGreaterThanOrEqual(4);
  });

  it('stops accepting on the copies when closed, so closing the server refuses new connections', async () => {
    const port = await listening();
    handles = addAcceptHandles(server, 2);
    await handles.ready;
    handles.close();
    server.close();
    const refused = connect(port, '127.0.0.1');
    const [error] = (await once(refused, 'error')) as [NodeJS.ErrnoException];
    expect(error.code).toBe('ECONNREFUSED');
  });

  it('makes the copies in the background: the server answers on its own handle before they are ready', async () => {
    const port = await listening();
    handles = addAcceptHandles(server, 3);
    expect(handles.count).toBe(0);
    expect(await fetchFresh(port, '/first')).toBe('hello /first');
    await handles.ready;
    expect(handles.count).toBe(3);
  });

  it('closes the copies that come back after it was closed, so a shutdown during the start refuses new connections', async () => {
    const port = await listening();
    handles = addAcceptHandles(server, 3);
    handles.close();
    await handles.ready;
    expect(handles.count).toBe(0);
    server.close();
    const refused = connect(port, '127.0.0.1');
    const [error] = (await once(refused, 'error')) as [NodeJS.ErrnoException];
    expect(error.code).toBe('ECONNREFUSED');
  });

  it('with no copies asked for, starts no process and leaves the server as it was', async () => {
    await listening();
    handles = addAcceptHandles(server, 0);
    await handles.ready;
    expect(handles.count).toBe(0);
  });
});
