import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('parseEnv', () => {
  it('gives the embedded defaults when nothing is set', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.MONGODB_URL).toBe('mongodb://127.0.0.1:27017/voyaganar');
    expect(env.KAFKA_BROKERS).toBeUndefined();
    expect(env.WORKERS).toBe('embedded');
  });

  it('loads the demo raffle by default, except in production or when DEMO_DATA=false', () => {
    expect(parseEnv({}).DEMO_DATA).toBe(true);
    expect(parseEnv({ NODE_ENV: 'production' }).DEMO_DATA).toBe(false);
    expect(parseEnv({ DEMO_DATA: 'false' }).DEMO_DATA).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production', DEMO_DATA: 'true' }).DEMO_DATA).toBe(true);
  });

  it('links to the port it listens on unless PUBLIC_URL says otherwise', () => {
    expect(parseEnv({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(parseEnv({ PORT: '3199' }).PUBLIC_URL).toBe('http://localhost:3199');
    expect(parseEnv({ PORT: '3199', PUBLIC_URL: 'https://voyaganar.ec' }).PUBLIC_URL).toBe(
      'https://voyaganar.ec',
    );
  });

  it('treats empty optional values as unset', () => {
    expect(parseEnv({ KAFKA_BROKERS: '  ' }).KAFKA_BROKERS).toBeUndefined();
  });

  it('refuses bad values with a message naming every bad variable', () => {
    expect(() =>
      parseEnv({ PORT: 'abc', MONGODB_URL: 'postgres://x', WORKERS: 'all' }),
    ).toThrowError(/Configuración inválida:[\s\S]*PORT[\s\S]*MONGODB_URL[\s\S]*WORKERS/);
  });
});
