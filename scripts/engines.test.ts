// The project runs on Node 20, 22 and 24 (DESIGN.md). Every installed package must say it does too:
// an `engines` range that leaves out one of the lines makes npm warn at install and usually means
// the package uses something that line lacks (cookie 2 needed Node 22; decision 054).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

type Manifest = { name?: string; version?: string; engines?: { node?: unknown } };
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Manifest;

const project = read(path.resolve('package.json'));
const projectRange = String(project.engines?.node ?? '');
/** The first release the project's range admits on each of its lines: 20.19.0, 22.13.0, 24.0.0. */
const LINES = projectRange.split('||').map((part) => semver.minVersion(part.trim())?.version ?? part);

/** Every package.json under node_modules, nested ones included. */
function* installed(dir: string): Generator<Manifest> {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    const folder = path.join(dir, name);
    if (name.startsWith('@')) {
      yield* installed(folder);
      continue;
    }
    const manifest = path.join(folder, 'package.json');
    if (existsSync(manifest)) yield read(manifest);
    yield* installed(path.join(folder, 'node_modules'));
  }
}

describe('supported Node lines', () => {
  it('the project admits Node 20, 22 and 24', () => {
    expect(LINES.map((version) => semver.major(version))).toEqual([20, 22, 24]);
    expect(semver.satisfies(process.versions.node, projectRange)).toBe(true);
  });

  it('every installed package admits the first supported release of each line', () => {
    const refusing: string[] = [];
    for (const manifest of installed(path.resolve('node_modules'))) {
      const range = manifest.engines?.node;
      if (typeof range !== 'string' || semver.validRange(range) === null) continue;
      for (const version of LINES)
        if (!semver.satisfies(version, range))
          refusing.push(`${manifest.name}@${manifest.version} wants node ${range}, not ${version}`);
    }
    expect(refusing).toEqual([]);
  });
});
