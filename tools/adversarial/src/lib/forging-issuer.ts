import { createHmac, createSign, generateKeyPairSync, KeyObject, randomUUID } from 'node:crypto';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Signing material: the issuer's own key (published in its JWKS) or the attacker's (published nowhere). */
interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export interface MintOptions {
  /** `trusted`: the issuer's published key; `attacker`: a key of the same type the issuer never published. */
  key?: 'trusted' | 'attacker';
  /** Header fields over the defaults (`alg: RS256`, `typ: at+jwt`, the key's `kid`). */
  header?: Record<string, unknown>;
  /** Signs as this algorithm with a raw secret instead (HS256 with the public key: the algorithm-confusion attack). */
  hmacSecret?: Buffer | string;
  /** No signature at all (`alg: none`). */
  unsigned?: boolean;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

const rsaKey = (kid: string): SigningKey => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid, privateKey, publicKey };
};

/**
 * An OAuth issuer the server under test trusts (its metadata and JWKS on a loopback port), with the power to mint any
 * token: the legitimate ones a real issuer would sign and every forgery an attacker could try. Tokens are assembled
 * here by hand (not by a JOSE library) so a malformed or hostile header is sent exactly as written.
 */
export class ForgingIssuer {
  readonly trusted = rsaKey(`trusted-${randomUUID().slice(0, 8)}`);
  readonly attacker = rsaKey(this.trusted.kid);
  private server?: Server;
  issuer = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      const send = (body: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (path === '/.well-known/openid-configuration' || path === '/.well-known/oauth-authorization-server') return send({ issuer: this.issuer, jwks_uri: `${this.issuer}/jwks`, token_endpoint: `${this.issuer}/token` });
      if (path === '/jwks') return send({ keys: [{ ...this.trusted.publicKey.export({ format: 'jwk' }), kid: this.trusted.kid, alg: 'RS256', use: 'sig' }] });
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.issuer = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The public key of the issuer in PEM, as an attacker reads it from the JWKS (for the HS256 confusion attack). */
  publicPem(): string {
    return this.trusted.publicKey.export({ format: 'pem', type: 'spki' }).toString();
  }

  /** Claims a legitimate token of this issuer carries for `audience`, valid for ten minutes. */
  claims(audience: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
    const now = Math.floor(Date.now() / 1000);
    return { iss: this.issuer, aud: audience, sub: 'forger-subject', iat: now, exp: now + 600, jti: randomUUID(), ...extra };
  }

  mint(claims: Record<string, unknown>, options: MintOptions = {}): string {
    const key = options.key === 'attacker' ? this.attacker : this.trusted;
    const alg = options.unsigned ? 'none' : options.hmacSecret !== undefined ? 'HS256' : 'RS256';
    const header = { alg, typ: 'at+jwt', kid: key.kid, ...options.header };
    const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
    if (options.unsigned) return `${input}.`;
    if (options.hmacSecret !== undefined) return `${input}.${createHmac('sha256', options.hmacSecret).update(input).digest('base64url')}`;
    return `${input}.${createSign('RSA-SHA256').update(input).sign(key.privateKey).toString('base64url')}`;
  }
}
