import { PassThrough } from 'node:stream';
import { createWinstonLogger, newCorrelationId, SecretRedactor, withCorrelationId } from '../index';

function capture(level: 'debug' | 'info' = 'debug') {
  const stream = new PassThrough();
  const lines: Record<string, unknown>[] = [];
  stream.on('data', (chunk: Buffer) => chunk.toString().split('\n').filter(Boolean).forEach((l) => lines.push(JSON.parse(l))));
  const redactor = new SecretRedactor();
  const { logger } = createWinstonLogger({ level, stream, defaultMeta: { service: 'test' } }, redactor);
  return { logger, lines, redactor };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('winston logger', () => {
  it('writes one JSON line per call with level, message, meta and timestamp', async () => {
    const { logger, lines } = capture();
    logger.info('device enrolled', { device_id: 'dev-1' });
    await tick();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'info', message: 'device enrolled', device_id: 'dev-1', service: 'test' });
    expect(typeof lines[0]['timestamp']).toBe('string');
  });

  it('redacts secrets by field name, by value, and in authorization headers', async () => {
    const { logger, lines, redactor } = capture();
    redactor.addValue('S3cr3t-pw!');
    logger.warn('login failed for admin with S3cr3t-pw!', {
      password: 'S3cr3t-pw!',
      config: { headers: { Authorization: 'Basic YWRtaW46UzNjcjN0LXB3IQ==' }, url: 'https://r1/rest' },
      note: 'sent Authorization: Basic YWRtaW46UzNjcjN0LXB3IQ==',
      nested: [{ privateKey: '-----BEGIN' }, { ok: 1 }],
      error: new Error('S3cr3t-pw! rejected'),
    });
    await tick();
    const text = JSON.stringify(lines);
    expect(text).not.toContain('S3cr3t-pw!');
    expect(text).not.toContain('YWRtaW46UzNjcjN0LXB3IQ');
    expect(text).not.toContain('BEGIN');
    expect(lines[0]).toMatchObject({
      message: 'login failed for admin with [redacted]',
      password: '[redacted]',
      config: { headers: { Authorization: '[redacted]' }, url: 'https://r1/rest' },
      note: 'sent Authorization: Basic [redacted]',
      nested: [{ privateKey: '[redacted]' }, { ok: 1 }],
      error: { name: 'Error', message: '[redacted] rejected' },
    });
  });

  it('adds the correlation id of the current request to every line', async () => {
    const { logger, lines } = capture();
    const id = newCorrelationId();
    await withCorrelationId(id, async () => {
      await tick();
      logger.child({ tool: 'x' }).info('inside');
    });
    logger.info('outside');
    await tick();
    expect(lines[0]).toMatchObject({ message: 'inside', correlation_id: id, tool: 'x' });
    expect(lines[1]['correlation_id']).toBeUndefined();
  });

  it('writes lines a terminal shows as they are: controls, bidi and zero-width characters escaped, values unchanged', async () => {
    const stream = new PassThrough();
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    const { logger } = createWinstonLogger({ level: 'info', stream }, new SecretRedactor());
    const hostile = 'DNS tidy-up\n## phome\u001b[8m \u202Egnp \u0085\u009b31m \u2028\u200B\u007f';
    logger.warn(hostile, { title: hostile, reasons: [hostile] });
    await tick();
    // One line, its own line break last: nothing else a terminal would act on.
    expect(raw.trimEnd()).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u);
    const line = JSON.parse(raw.trimEnd());
    expect(line).toMatchObject({ message: hostile, title: hostile, reasons: [hostile] });
  });

  it('honours the level', async () => {
    const { logger, lines } = capture('info');
    logger.debug('hidden');
    logger.error('shown');
    await tick();
    expect(lines.map((l) => l['message'])).toEqual(['shown']);
  });

  it('survives circular meta and ignores too-short secret values', async () => {
    const { logger, lines, redactor } = capture();
    redactor.addValue('ab');
    const meta: Record<string, unknown> = { name: 'abc' };
    meta['self'] = meta;
    logger.info('loop', meta);
    await tick();
    expect(lines[0]['name']).toBe('abc');
    expect(JSON.stringify(lines[0]['self'])).toContain('[circular]');
  });

  it('redacts RouterOS secret properties that carry no generic secret word', async () => {
    const { logger, lines } = capture();
    logger.warn('row', { row: { 'wpa2-pre-shared-key': 'wifi-psk-1', 'tcp-md5-key': 'bgp-md5', comment: 'edge' } });
    await tick();
    expect(lines.at(-1)!['row']).toEqual({ 'wpa2-pre-shared-key': '[redacted]', 'tcp-md5-key': '[redacted]', comment: 'edge' });
  });

  it("redacts every secret property of RouterOS's command trees at any depth, and keeps its false friends (issue 21 item 9)", async () => {
    const { logger, lines } = capture();
    logger.warn('arguments', { arguments: { change: { interfaces: [{ psk: 'planted-1', key: 'planted-2', 'key-val': 'planted-3', nested: [{ 'eab-hmac-key': 'planted-4', community: 'planted-5' }] }] }, 'public-key': 'pub', 'key-size': '2048' } });
    await tick();
    expect(JSON.stringify(lines)).not.toContain('planted-');
    expect(lines.at(-1)!['arguments']).toMatchObject({ 'public-key': 'pub', 'key-size': '2048' });
  });
});
