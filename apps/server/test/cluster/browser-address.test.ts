import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { browserAddress } from '../../src/web/browser-address.ts';
import { freePort } from '../support/process.ts';
import { TEST_SECRET } from '../support/server.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

describe('the address the server says to open', () => {
  it('is localhost for loopback and wildcard listening addresses (passkeys need a host name), PUBLIC_URL when set, else the address itself', () => {
    for (const listening of ['http://127.0.0.1:3000', 'http://0.0.0.0:3000', 'http://[::1]:3000', 'http://[::]:3000', 'http://127.0.1.1:3000']) {
      expect(browserAddress(listening, undefined), listening).toBe('http://localhost:3000/');
    }
    expect(browserAddress('http://192.168.1.20:3000', undefined)).toBe('http://192.168.1.20:3000/');
    expect(browserAddress('http://127.0.0.1:3000', 'https://fives.example')).toBe('https://fives.example');
  });

  it('is printed by the server at start', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', FIVES_SECRET: TEST_SECRET, WEB_ROOT: '/nonexistent', LOG_LEVEL: 'info', REDIS_URL: '', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const said = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const line = out.split('\n').find((l) => l.includes('in a browser'));
          if (line !== undefined) resolve(line);
        });
        child.once('exit', (code) => reject(new Error(`the server stopped (${code}) before saying its address: ${out}`)));
      });
      expect(JSON.parse(said)).toMatchObject({ msg: `open http://localhost:${port}/ in a browser`, url: `http://localhost:${port}/` });
    } finally {
      child.kill('SIGKILL');
    }
  }, 30_000);
});
