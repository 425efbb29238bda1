import { AxiosError, AxiosHeaders, CanceledError, InternalAxiosRequestConfig } from 'axios';
import { inspect } from 'node:util';
import { AnswerTooLargeError, transportError } from './https-call';
import { CertificateMismatchError, ConnectTimeoutError } from './pinned-agent';

describe('transportError keeps what a socket error meant and nothing else', () => {
  it('a socket error keeps its code only', () => {
    const error = transportError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1 secret'), { code: 'ECONNREFUSED', config: { auth: 'secret' } }));
    expect((error as { code?: string }).code).toBe('ECONNREFUSED');
    expect(error.message).toBe('transport error (ECONNREFUSED)');
    expect(error).not.toHaveProperty('config');
  });

  it("the pinned agent's own errors come back as they were raised", () => {
    const mismatch = new CertificateMismatchError('SHA256:abc');
    expect(transportError(mismatch)).toBe(mismatch);
    const slow = new ConnectTimeoutError(5);
    expect(transportError(slow)).toBe(slow);
  });

  it('an unknown throwable is UNKNOWN', () => {
    expect((transportError('boom') as { code?: string }).code).toBe('UNKNOWN');
    expect(new AnswerTooLargeError().code).toBe('ANSWER_TOO_LARGE');
  });
});

describe('transportError keeps what an axios error meant and nothing of its request', () => {
  const config = { headers: new AxiosHeaders({ Authorization: 'Basic c2VjcmV0' }), auth: { username: 'admin', password: 'secret' } } as InternalAxiosRequestConfig;
  const leaks = (error: Error) => /secret|c2VjcmV0|authorization/i.test(`${String(error)} ${error.stack} ${JSON.stringify(error)} ${Object.keys(error)} ${inspect(error, { depth: 10, showHidden: true })}`);

  it('the error axios raised carries the Authorization header (what this guards against)', () => {
    expect(inspect(new AxiosError('x', 'ECONNREFUSED', config), { depth: 10 })).toContain('c2VjcmV0');
  });

  it('a socket error keeps its code only', () => {
    const error = transportError(AxiosError.from(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }), undefined, config));
    expect((error as { code?: string }).code).toBe('ECONNREFUSED');
    expect(error.message).toBe('transport error (ECONNREFUSED)');
    expect(error).not.toHaveProperty('config');
    expect(leaks(error)).toBe(false);
  });

  it('a cancellation is an abort, the size limit is AnswerTooLarge, a stream cut short is a reset', () => {
    const cancelled = transportError(new CanceledError(undefined, undefined, config));
    expect((cancelled as { code?: string }).code).toBe('ABORT_ERR');
    expect(leaks(cancelled)).toBe(false);
    expect(transportError(new AxiosError('maxContentLength size of 33554432 exceeded', AxiosError.ERR_BAD_RESPONSE, config))).toBeInstanceOf(AnswerTooLargeError);
    const cut = transportError(new AxiosError('stream has been aborted', AxiosError.ERR_BAD_RESPONSE, config));
    expect((cut as { code?: string }).code).toBe('ECONNRESET');
    expect(leaks(cut)).toBe(false);
  });

  it("the pinned agent's own errors come back as they were raised, from under axios's wrapper", () => {
    const mismatch = new CertificateMismatchError('SHA256:abc');
    expect(transportError(AxiosError.from(mismatch, undefined, config))).toBe(mismatch);
    const slow = new ConnectTimeoutError(5);
    expect(transportError(AxiosError.from(slow, undefined, config))).toBe(slow);
  });
});
