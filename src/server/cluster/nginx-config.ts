// The nginx configuration `npm run cluster` writes into DATA_DIR/nginx (decision 093): one port in
// front of N backends, round robin with no sticky sessions, the chat socket upgraded, the event
// streams unbuffered, and a request that a backend refused retried on another. Every path nginx
// writes (pid, logs, temporary files) is inside the prefix, so it runs without touching /etc.
import { CONSOLE_STREAM_PATH } from '../../shared/contract/console';
import { NOTIFICATION_STREAM_PATH } from '../../shared/contract/notifications';

export type NginxOptions = {
  /** Where nginx listens for visitors. */
  listen: { host: string; port: number };
  /** The backends' ports on 127.0.0.1. */
  backends: readonly number[];
  /** nginx's prefix (`-p`): the pid file, logs and temporary files go under it. */
  prefix: string;
  /** The largest request body accepted (uploads); the app refuses larger ones itself too. */
  maxBodyMegabytes?: number;
};

/** The chat socket (chat.routes.ts), upgraded to a WebSocket. */
const CHAT_SOCKET_PATH = '/api/chat/ws';

/** The console's stream path as an nginx regular expression: `:eventid` is any id. */
const consoleStreamPattern = `^${CONSOLE_STREAM_PATH.replace(':eventid', '[0-9]+')}$`;

/**
 * nginx does not merge proxy_set_header across levels: a location that sets one loses the server's.
 * So every location gets the whole list.
 */
function forwardedHeaders(connection: string): string[] {
  return [
    'proxy_set_header Host $host;',
    // Appended to what the visitor sent; the backends trust only the loopback hop (TRUST_PROXY), so
    // they take the address nginx saw and a forged X-Forwarded-For is ignored.
    'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    `proxy_set_header Connection ${connection};`,
  ];
}

function location(match: string, lines: readonly string[]): string {
  return [`    location ${match} {`, ...lines.map((line) => `      ${line}`), '    }'].join('\n');
}

/** The event streams: written as the app sends them, and held open far longer than a request. */
const streaming = ['proxy_buffering off;', 'proxy_cache off;', 'proxy_read_timeout 1h;'];

export function nginxConfig({ listen, backends, prefix, maxBodyMegabytes = 20 }: NginxOptions): string {
  if (!backends.length) throw new Error('nginx needs at least one backend');
  // One failure takes a backend out for two seconds: a restarting one is skipped, then tried again.
  const servers = backends.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`);
  const pass = ['proxy_pass http://gemcast;', ...forwardedHeaders('""')];
  return `# Written by npm run cluster (decision 093); rewritten at every start and rolling restart.
worker_processes auto;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
# On a reload or QUIT, old workers finish what they have; sockets left after this are cut.
worker_shutdown_timeout 30s;

events {
  worker_connections 16384;
}

http {
  access_log off;
  client_body_temp_path ${prefix}/temp/client;
  proxy_temp_path ${prefix}/temp/proxy;
  fastcgi_temp_path ${prefix}/temp/fastcgi;
  uwsgi_temp_path ${prefix}/temp/uwsgi;
  scgi_temp_path ${prefix}/temp/scgi;
  client_max_body_size ${maxBodyMegabytes}m;
  server_tokens off;

  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' close;
  }

  # Round robin, no sticky sessions: any backend serves any request and any socket.
  upstream gemcast {
${servers.join('\n')}
    keepalive 64;
    # nginx closes a connection idle this long itself, shorter than a closing backend's drain
    # (SHUTDOWN_DRAIN_MS, 2 s under the cluster): when the backend stops, nginx has closed every
    # connection it was not using, and was told to close each one it used, so none is cut under it.
    keepalive_timeout 1s;
  }

  server {
    listen ${listen.host}:${listen.port};
    # nginx closes a visitor's connection after this many requests; a client that sent its next one
    # meanwhile sees a reset, so the default 1000 is raised far above what a page makes.
    keepalive_requests 100000;
    proxy_http_version 1.1;
    proxy_connect_timeout 2s;
    # A backend that refused the connection, reset it, timed out or is closing (503 while its graceful
    # close finishes): the request goes to the next one. nginx never resends a POST it has sent.
    proxy_next_upstream error timeout http_503;
    proxy_next_upstream_timeout 10s;

${location(`= ${CHAT_SOCKET_PATH}`, [
  'proxy_pass http://gemcast;',
  ...forwardedHeaders('$connection_upgrade'),
  'proxy_set_header Upgrade $http_upgrade;',
  // The app pings every socket every 30 s; an idle socket is not a dead one.
  'proxy_read_timeout 1h;',
  'proxy_send_timeout 1h;',
])}

${location(`= ${NOTIFICATION_STREAM_PATH}`, [...pass, ...streaming])}

${location(`~ ${consoleStreamPattern}`, [...pass, ...streaming])}

${location('/', pass)}
  }
}
`;
}
