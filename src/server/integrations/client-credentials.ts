import { z } from 'zod';
import { readJson, tokenValidUntil } from './http-client';

/** 'unavailable': the service failed (5xx, network, bad answer); 'rejected': it said no. */
export type CredentialsFailure = 'unavailable' | 'rejected';

export interface ClientCredentialsOptions {
  /** The token endpoint (POST, form-encoded, grant_type=client_credentials). */
  tokenUrl: string;
  /** Further form fields of the token request (e.g. client_id and client_secret). */
  tokenForm?: Record<string, string>;
  /** Further headers of the token request (e.g. Basic authorization). */
  tokenHeaders?: Record<string, string>;
  /**
   * How the client sends any request, the token request included: its time limit, its rate limit and
   * its own error when the service cannot be reached.
   */
  send: (url: string, init: RequestInit) => Promise<Response>;
  now: () => number;
  /** The detail an error answer gives ('' when none): of the token endpoint, or of the API. */
  detail: (step: 'token' | 'request', body: unknown) => string;
  /**
   * The client's messages for an error answer, each followed by ` (<detail or HTTP status>)`, and for
   * a token answer that is not one.
   */
  messages: {
    token: Record<CredentialsFailure, string>;
    request: Record<CredentialsFailure, string>;
    unexpectedToken: string;
  };
  /** The client's own error. */
  error: (message: string, kind: CredentialsFailure) => Error;
}

const TokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive().default(3600),
  token_type: z.string().optional(),
});

/**
 * An app access token of the OAuth client-credentials flow, and GET requests made with it. The token is
 * kept until shortly before it expires; concurrent callers share one token request; an API answer of
 * 401 drops the token and the request is tried once more with a new one. An error answer is the
 * client's error of kind 'unavailable' for a 5xx, 'rejected' otherwise.
 */
export class ClientCredentials {
  private token: { value: string; validUntil: number } | null = null;
  private pendingToken: Promise<string> | null = null;

  constructor(private readonly options: ClientCredentialsOptions) {}

  /** GET `url` with the bearer token (and `headers`); the JSON of a successful answer. */
  async getJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const res = await this.options.send(url, { headers: { ...headers, authorization: `Bearer ${token}` } });
      const json = await readJson(res);
      if (res.ok) return json;
      if (res.status === 401 && attempt === 0) {
        // The token expired or was revoked: fetch a new one and try once more.
        if (this.token?.value === token) this.token = null;
        continue;
      }
      throw this.failure('request', res, json);
    }
  }

  /** The current token, fetched when there is none or it is about to expire. */
  accessToken(): Promise<string> {
    if (this.token && this.options.now() < this.token.validUntil) return Promise.resolve(this.token.value);
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const { tokenUrl, tokenForm, tokenHeaders } = this.options;
    const res = await this.options.send(tokenUrl, {
      method: 'POST',
      headers: { ...tokenHeaders, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...tokenForm, grant_type: 'client_credentials' }).toString(),
    });
    const json = await readJson(res);
    if (!res.ok) throw this.failure('token', res, json);
    const parsed = TokenSchema.safeParse(json);
    if (!parsed.success) throw this.options.error(this.options.messages.unexpectedToken, 'unavailable');
    this.token = {
      value: parsed.data.access_token,
      validUntil: tokenValidUntil(this.options.now(), parsed.data.expires_in),
    };
    return parsed.data.access_token;
  }

  private failure(step: 'token' | 'request', res: Response, body: unknown): Error {
    const kind: CredentialsFailure = res.status >= 500 ? 'unavailable' : 'rejected';
    const reason = this.options.detail(step, body) || `HTTP ${res.status}`;
    return this.options.error(`${this.options.messages[step][kind]} (${reason})`, kind);
  }
}
