import type { IncomingMessage } from 'node:http';
import { credentialsOf } from './bearer-credentials';

/** A request with these raw header lines, as Node gives them (duplicates of Authorization dropped from `headers`). */
const request = (...authorization: string[]) => ({ rawHeaders: authorization.flatMap((value) => ['Authorization', value]), headers: authorization.length ? { authorization: authorization[0] } : {} }) as unknown as IncomingMessage;

describe('credentialsOf', () => {
  it('reads one bearer token, whatever the case of the scheme and the spaces around it', () => {
    expect(credentialsOf(request('Bearer abc.def'))).toEqual({ token: 'abc.def' });
    expect(credentialsOf(request('bearer   rmcp_1_x  '))).toEqual({ token: 'rmcp_1_x' });
  });

  it('is no credential at all without the header', () => {
    expect(credentialsOf(request())).toEqual({});
  });

  it.each([
    ['Basic YTpi', /'Basic' scheme/],
    ['', /empty scheme/],
    ['Bearer', /empty bearer token/],
    ['Bearer ', /empty bearer token/],
    ['Bearer a b', /more than one token/],
    ['Bearer a,Bearer b', /more than one token/],
    ['Token abc', /'Token' scheme/],
  ])('says why %j is no usable bearer credential', (header, why) => {
    const credentials = credentialsOf(request(header));
    expect(credentials.token).toBeUndefined();
    expect(credentials.malformed).toMatch(why);
  });

  it.each([
    ['a token without its scheme', 'rmcp_0a1b2c3d4e5f_s3cr3tS3cr3tS3cr3t', /holds no scheme/],
    ['a token under an unknown scheme', 'X-rmcp_0a1b2c3d s3cr3tS3cr3t', /scheme other than Bearer/],
  ])('never says back any part of %s (it may be the credential itself)', (_what, header, why) => {
    const credentials = credentialsOf(request(header));
    expect(credentials.malformed).toMatch(why);
    for (const part of header.split(/[\s_]+/)) expect(credentials.malformed).not.toContain(part.slice(0, 6));
  });

  it('refuses the header sent twice, even with the same valid token', () => {
    expect(credentialsOf(request('Bearer abc', 'Bearer abc'))).toEqual({ malformed: 'the Authorization header was sent more than once' });
  });
});
