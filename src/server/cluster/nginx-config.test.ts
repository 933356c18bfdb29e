import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nginxConfig } from './nginx-config';

const NGINX = '/usr/sbin/nginx';

/** The lines of one `location` block, found by its match. */
function block(config: string, match: string): string {
  const start = config.indexOf(`location ${match} {`);
  if (start < 0) throw new Error(`no location ${match}`);
  return config.slice(start, config.indexOf('}', start));
}

describe('the cluster’s nginx configuration', () => {
  const config = nginxConfig({
    listen: { host: '127.0.0.1', port: 3409 },
    backends: [3410, 3411, 3412],
    prefix: '/tmp/gemcast-nginx',
  });

  it('balances every backend round robin and retries a refused request on another', () => {
    expect(config).toContain('server 127.0.0.1:3410 max_fails=1 fail_timeout=2s;');
    expect(config).toContain('server 127.0.0.1:3412 max_fails=1 fail_timeout=2s;');
    expect(config).not.toMatch(/^\s*(ip_hash|hash|sticky)\b/m);
    expect(config).toContain('proxy_next_upstream error timeout http_503;');
  });

  it('upgrades the chat socket and streams the event streams unbuffered, with the forwarded address everywhere', () => {
    const chat = block(config, '= /api/chat/ws');
    expect(chat).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(chat).toContain('proxy_set_header Connection $connection_upgrade;');
    for (const stream of ['= /api/notifications/stream', '~ ^/api/staff/console/[0-9]+/stream$']) {
      expect(block(config, stream)).toContain('proxy_buffering off;');
    }
    for (const match of ['= /api/chat/ws', '= /api/notifications/stream', '/'])
      expect(block(config, match)).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
  });

  it('keeps the pid, logs and temporary files under its prefix', () => {
    expect(config).toContain('pid /tmp/gemcast-nginx/nginx.pid;');
    expect(config).toContain('proxy_temp_path /tmp/gemcast-nginx/temp/proxy;');
  });

  it('refuses to run without a backend', () => {
    expect(() => nginxConfig({ listen: { host: '0.0.0.0', port: 3409 }, backends: [], prefix: '/tmp' })).toThrow();
  });

  it.skipIf(!existsSync(NGINX))('is a configuration nginx accepts', () => {
    const prefix = mkdtempSync(path.join(tmpdir(), 'gemcast-nginx-'));
    try {
      mkdirSync(path.join(prefix, 'temp'));
      const file = path.join(prefix, 'nginx.conf');
      writeFileSync(file, nginxConfig({ listen: { host: '127.0.0.1', port: 3409 }, backends: [3410], prefix }));
      const test = spawnSync(NGINX, ['-t', '-q', '-c', file, '-p', prefix, '-e', path.join(prefix, 'error.log')], {
        encoding: 'utf8',
      });
      expect(test.stderr).toBe('');
      expect(test.status).toBe(0);
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  });
});
