import type { AccountExport, AccountInfo, AccountSession, Problem, TokenRefreshResponse } from '@fives/protocol';
import { accountPaths } from '@fives/protocol';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

/** An answer of the account (and safety) routes: the value, or the server's problem (`code: 'server/unreachable'` when there was no answer). */
export type Answer<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: Pick<Problem, 'code' | 'message'> };

export async function send<T>(path: string, init: { method: string; token?: string | null; body?: unknown }): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token != null) headers.authorization = `Bearer ${init.token}`;
  let res: Response;
  try {
    res = await fetch(path, { method: init.method, headers, ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }) });
  } catch {
    return { ok: false, error: { code: 'server/unreachable' as Problem['code'], message: '' } };
  }
  const json = (await res.json().catch(() => null)) as (T & { error?: Problem }) | null;
  if (res.ok && json !== null) return { ok: true, value: json };
  return { ok: false, error: json?.error ?? { code: 'server/unreachable' as Problem['code'], message: String(res.status) } };
}

/**
 * The account routes (docs/protocol.md, "Accounts"). The WebAuthn ceremonies run in
 * `@simplewebauthn/browser`, fetched only when one starts: the first page does not carry it.
 */
export const accountApi = {
  account: (token: string): Promise<Answer<AccountInfo>> => send(accountPaths.account, { method: 'GET', token }),
  refresh: (token: string): Promise<Answer<TokenRefreshResponse>> => send(accountPaths.tokenRefresh, { method: 'POST', token }),
  removePasskey: (token: string, id: string): Promise<Answer<AccountInfo>> => send(accountPaths.passkey(id), { method: 'DELETE', token }),
  deleteAccount: (token: string): Promise<Answer<{ deleted: string }>> => send(accountPaths.account, { method: 'DELETE', token }),
  /** Everything the server keeps about this player (docs/protocol.md, "Your data"), as JSON to save. */
  exportData: (token: string): Promise<Answer<AccountExport>> => send(accountPaths.export, { method: 'GET', token }),

  /** Keeps the token's name (or `name`) with a new passkey of this device; also adds a passkey to an account. */
  async keepName(token: string, name?: string): Promise<Answer<AccountSession>> {
    const options = await send<{ options: PublicKeyCredentialCreationOptionsJSON }>(accountPaths.registerOptions, {
      method: 'POST',
      token,
      body: name === undefined ? {} : { name },
    });
    if (!options.ok) return options;
    const { startRegistration } = await import('@simplewebauthn/browser');
    let response;
    try {
      response = await startRegistration({ optionsJSON: options.value.options });
    } catch (error) {
      return { ok: false, error: { code: 'account/passkey_refused', message: error instanceof Error ? error.message : String(error) } };
    }
    return send(accountPaths.registerVerify, { method: 'POST', token, body: { response } });
  },

  /** Signs in with a passkey this device (or a phone near it) holds for this site. */
  async signIn(): Promise<Answer<AccountSession>> {
    const options = await send<{ options: PublicKeyCredentialRequestOptionsJSON }>(accountPaths.loginOptions, {
      method: 'POST',
    });
    if (!options.ok) return options;
    const { startAuthentication } = await import('@simplewebauthn/browser');
    let response;
    try {
      response = await startAuthentication({ optionsJSON: options.value.options });
    } catch (error) {
      return { ok: false, error: { code: 'account/passkey_refused', message: error instanceof Error ? error.message : String(error) } };
    }
    return send(accountPaths.loginVerify, { method: 'POST', body: { response } });
  },
};
