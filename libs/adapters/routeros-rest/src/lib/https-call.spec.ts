import { AxiosError, AxiosHeaders, CanceledError, InternalAxiosRequestConfig } from 'axios';
import { AnswerTooLargeError, transportError } from './https-call';
import { CertificateMismatchError } from './pinned-agent';

const config = { headers: new AxiosHeaders({ Authorization: 'Basic c2VjcmV0' }), auth: { username: 'admin', password: 'secret' } } as InternalAxiosRequestConfig;
const leaks = (error: Error) => /secret|c2VjcmV0|authorization/i.test(`${String(error)} ${error.stack} ${JSON.stringify(error)} ${Object.keys(error)}`);

describe('transportError keeps what an axios error meant and nothing of its request', () => {
  it('a socket error keeps its code only', () => {
    const error = transportError(AxiosError.from(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }), undefined, config));
    expect((error as { code?: string }).code).toBe('ECONNREFUSED');
    expect(error).not.toHaveProperty('config');
    expect(leaks(error)).toBe(false);
  });

  it('a cancellation is an abort, the size limit is AnswerTooLarge, a stream cut short is a reset', () => {
    expect((transportError(new CanceledError(undefined, undefined, config)) as { code?: string }).code).toBe('ABORT_ERR');
    expect(transportError(new AxiosError('maxContentLength size of 33554432 exceeded', AxiosError.ERR_BAD_RESPONSE, config))).toBeInstanceOf(AnswerTooLargeError);
    const cut = transportError(new AxiosError('stream has been aborted', AxiosError.ERR_BAD_RESPONSE, config));
    expect((cut as { code?: string }).code).toBe('ECONNRESET');
    expect(leaks(cut)).toBe(false);
  });

  it("the pinned agent's own errors come back as they were raised", () => {
    const mismatch = new CertificateMismatchError('SHA256:abc');
    expect(transportError(AxiosError.from(mismatch, undefined, config))).toBe(mismatch);
  });
});
