import { describe, expect, it } from 'vitest';
import { hostNews } from '../src/lib/host-news.ts';

describe('what the table says when the host role moves', () => {
  const names = ['Ada', 'Bob', 'Cy'];
  it('tells the new host they are it, and the others who is', () => {
    expect(hostNews(0, 1, 1, names)).toBe('You are the host now.');
    expect(hostNews(0, 1, 2, names)).toBe('Bob is the host now.');
    expect(hostNews(0, 1, null, names)).toBe('Bob is the host now.');
  });
  it('says nothing when the role stays, nobody holds it, or nothing was seen before', () => {
    expect(hostNews(1, 1, 1, names)).toBeNull();
    expect(hostNews(0, null, 1, names)).toBeNull();
    expect(hostNews(undefined, 1, 1, names)).toBeNull();
  });
});
