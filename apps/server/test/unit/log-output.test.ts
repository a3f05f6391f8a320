import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type LogOutput, serverLogger } from '../../src/log.ts';

/** A standard output that keeps what is written to it, a terminal or not. */
function output(isTTY: boolean): { out: LogOutput; text: () => string } {
  const chunks: string[] = [];
  const out = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { out: Object.assign(out, { isTTY }), text: () => chunks.join('') };
}

describe('the server log', () => {
  it('is JSON, one object a line, when standard output is not a terminal (compose, log shippers)', () => {
    const { out, text } = output(false);
    serverLogger('info', out).info({ table: 'abc' }, 'table opened');
    const lines = text().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ level: 30, msg: 'table opened', table: 'abc' });
  });

  it('is readable lines, not JSON, in a terminal', () => {
    const { out, text } = output(true);
    serverLogger('info', out).warn({ table: 'abc' }, 'table opened');
    expect(() => JSON.parse(text()) as unknown).toThrow();
    // eslint-disable-next-line no-control-regex -- the colours a terminal shows
    const plain = text().replace(/\u001b\[[0-9;]*m/g, '');
    expect(plain).toMatch(/WARN.*table opened/);
    expect(plain).toMatch(/table: "abc"/);
  });

  it('keeps its level in a terminal', () => {
    const { out, text } = output(true);
    serverLogger('warn', out).info('not shown');
    expect(text()).toBe('');
  });
});
