import { describe, expect, it } from 'vitest';
import { Operators } from '../../src/admin/operators.ts';
import { ConfigError, configFromEnv } from '../../src/config.ts';

describe('ADMIN_TOKEN', () => {
  it('names one operator "admin", or each of name:token pairs; a wrong token is no one', () => {
    const one = Operators.parse('a-single-token-of-20ch');
    expect(one.who('a-single-token-of-20ch')).toBe('admin');
    expect(one.who('a-single-token-of-20cH')).toBeNull();
    const two = Operators.parse('ada:token-for-ada-0123456, bob:token-for-bob-6543210');
    expect([two.who('token-for-ada-0123456'), two.who('token-for-bob-6543210'), two.who('')]).toEqual(['ada', 'bob', null]);
  });

  it('refuses a short token, a bad or repeated name, at start, with the reason', () => {
    expect(() => configFromEnv({ ADMIN_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => Operators.parse('short')).toThrow(/shorter than 16/);
    expect(() => Operators.parse('a b:token-for-ada-0123456')).toThrow(/needs a name/);
    expect(() => Operators.parse('ada:token-for-ada-0123456,ada:token-for-ada-6543210')).toThrow(/named twice/);
    expect(configFromEnv({}).options.operators).toBeUndefined();
    expect(configFromEnv({ ADMIN_TOKEN: 'ada:token-for-ada-0123456' }).options.operators?.who('token-for-ada-0123456')).toBe('ada');
  });
});
