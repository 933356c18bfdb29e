import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
const child = spawn(process.execPath, ['--import', 'tsx', 'bench/servers/gemcast.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
const line = await new Promise((r) => createInterface({ input: child.stdout }).once('line', r));
const { port, token } = JSON.parse(line);
for (const [path, h] of [['/api/nothing', {}], ['/api/profile_v1', {}], ['/api/profile_v1', { token }]]) {
  const res = await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: 100, duration: 4, headers: h });
  console.log(path, Object.keys(h).length ? 'auth' : 'noauth', res.requests.average, res.latency.p99, res.non2xx);
}
child.kill('SIGINT');
