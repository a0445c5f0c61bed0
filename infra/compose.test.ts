// docker-compose.yml and the Dockerfile are for users of the scaled mode; no Docker
// engine runs here, so we validate them: Debian's docker-compose checks the file
// against the compose schema, and we check the parts the scaled mode depends on.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './lib/node-flags';
import { repoRoot } from './lib/paths';

const hasCompose = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  ports?: unknown[];
  container_name?: string;
  volumes?: Array<{ source: string; target: string } | string>;
}

/** The file as docker-compose resolves it, read through the YAML module docker-compose itself uses. */
function resolvedCompose(): {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
} {
  const yaml = execFileSync('docker-compose', ['-f', 'docker-compose.yml', 'config'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '' },
  });
  const json = execFileSync(
    'python3',
    ['-c', 'import sys, yaml, json; json.dump(yaml.safe_load(sys.stdin), sys.stdout)'],
    {
      input: yaml,
    },
  );
  return JSON.parse(json.toString());
}

describe.skipIf(!hasCompose)('docker-compose.yml', () => {
  it('passes `docker-compose config -q`', () => {
    const result = spawnSync('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('runs MongoDB as a replica set, Kafka in KRaft mode, the api and scalable workers', () => {
    const { services, volumes } = resolvedCompose();
    expect(Object.keys(services).sort()).toEqual(['api', 'kafka', 'mongo', 'workers']);

    const { mongo, kafka, api, workers } = services as Record<string, Service>;
    expect(mongo?.image).toMatch(/^mongo:7/);
    expect(mongo?.command).toEqual(expect.arrayContaining(['--replSet', 'rs0']));
    expect(mongo?.healthcheck?.test.join(' ')).toContain('rs.initiate');

    expect(kafka?.image).toMatch(/^apache\/kafka:3\.9/);
    expect(kafka?.environment?.KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expect(kafka?.healthcheck).toBeDefined();

    expect(api?.environment).toMatchObject({
      WORKERS: 'none',
      KAFKA_BROKERS: 'kafka:9092',
      MONGODB_URL: expect.stringContaining('replicaSet=rs0'),
    });
    expect(api?.depends_on).toMatchObject({
      mongo: { condition: 'service_healthy' },
      kafka: { condition: 'service_healthy' },
    });
    expect(api?.healthcheck?.test.join(' ')).toContain('/api/health');

    // `--scale workers=N` needs no fixed name and no published port.
    expect(workers?.command?.join(' ')).toBe('npm run workers -w @vag/workers');
    expect(workers?.container_name).toBeUndefined();
    expect(workers?.ports).toBeUndefined();
    expect(workers?.image).toBe(api?.image);
    expect(workers?.environment).toMatchObject({ KAFKA_BROKERS: 'kafka:9092' });
    expect(workers?.environment?.WORKERS).toBeUndefined();

    expect(Object.keys(volumes).sort()).toEqual(['api-data', 'kafka-data', 'mongo-data']);
  });
});

/** The package.json of the repository's root or of one workspace. */
function manifest(...dir: string[]): { workspaces?: string[]; scripts?: Record<string, string> } {
  return JSON.parse(readFileSync(path.join(repoRoot, ...dir, 'package.json'), 'utf8'));
}

describe('Dockerfile', () => {
  const dockerfile = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');

  it('copies every workspace manifest before `npm ci`, so the install sees all of them', () => {
    const npmCi = dockerfile.indexOf('RUN npm ci');
    for (const ws of manifest().workspaces!) {
      const copy = dockerfile.indexOf(`COPY ${ws}/package.json ${ws}/`);
      expect(copy, `Dockerfile copies ${ws}/package.json`).toBeGreaterThan(-1);
      expect(copy).toBeLessThan(npmCi);
    }
  });

  it('builds the storefront and admin and starts the server process', () => {
    expect(dockerfile).toContain('npm run build -w @vag/storefront');
    expect(dockerfile).toContain('npm run build -w @vag/admin');
    expect(dockerfile).toMatch(/CMD \["node", "--import", "tsx", "server\/src\/main\.ts"\]/);
  });

  it("gives the api's and the workers' containers the Node flags npm start runs the server with", () => {
    expect(dockerfile).toContain(`ENV NODE_OPTIONS=${SERVER_NODE_FLAGS.join(' ')}\n`);
  });

  it('starts the workers with the same Node flags outside Docker (npm run workers)', () => {
    const { scripts } = manifest('workers');
    for (const name of ['start', 'workers'])
      expect(scripts?.[name]).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} --import tsx src/main.ts`);
  });
});
