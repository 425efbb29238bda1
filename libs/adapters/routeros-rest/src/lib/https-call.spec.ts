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
