import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
  os?: string[];
  cpu?: string[];
  optional?: boolean;
}

/** The lowest release of each Node line the store supports (decision 0031): 20.19.0, 22.13.0, 24.0.0. */
const supported: string = readJson('package.json').engines.node;
const lowestOfEachLine = new semver.Range(supported).set.map((comparators) => semver.minVersion(new semver.Range(comparators.map((c) => c.value).join(' ')))!.version);

/** A package npm installs on this machine (a platform's own binary for another system is skipped). */
function installedHere(pkg: LockedPackage) {
  const fits = (list: string[] | undefined, here: string) => !list || (list.some((v) => !v.startsWith('!')) ? list.includes(here) : !list.includes(`!${here}`));
  return fits(pkg.os, process.platform) && fits(pkg.cpu, process.arch);
}

describe('the Node versions the store supports', () => {
  it('are 20 from 20.19, 22 from 22.13 and 24 on, and this test runs on one of them', () => {
    expect(lowestOfEachLine).toEqual(['20.19.0', '22.13.0', '24.0.0']);
    expect(semver.satisfies(process.version, supported)).toBe(true);
  });

  it('are accepted by every package npm installs, so `npm install` prints no engine warning on any of them', () => {
    const { packages } = readJson('package-lock.json') as { packages: Record<string, LockedPackage> };
    const refused = Object.entries(packages).flatMap(([where, pkg]) => {
      const wanted = pkg.engines && !Array.isArray(pkg.engines) ? pkg.engines.node : undefined;
      if (!wanted || !installedHere(pkg)) return [];
      return lowestOfEachLine.filter((node) => !semver.satisfies(node, wanted)).map((node) => `${where.replace(/^.*node_modules\//, '')}@${pkg.version} wants node ${wanted}, not ${node}`);
    });
    expect(refused).toEqual([]);
  });
});
