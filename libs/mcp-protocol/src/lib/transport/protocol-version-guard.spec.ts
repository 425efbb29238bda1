import { HTTP_PROTOCOL_VERSIONS, unsupportedVersionFrame } from './protocol-version-guard';

const ALL = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];

describe('unsupportedVersionFrame', () => {
  it('lets through no header and every revision served, 2026-07-28 first', () => {
    expect(HTTP_PROTOCOL_VERSIONS).toEqual(ALL);
    expect(unsupportedVersionFrame(undefined)).toBeUndefined();
    for (const version of ALL) expect(unsupportedVersionFrame(version)).toBeUndefined();
  });

  it('answers anything else with 2026-07-28\'s unsupported-version error, never the envelope one, echoing a usable id', () => {
    // `supported` is what server/discover lists (a client retries with one of them); the message names the rest.
    expect(unsupportedVersionFrame('banana', { jsonrpc: '2.0', id: 7, method: 'tools/list' })).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32022, message: `Unsupported protocol version: banana (supported versions: 2026-07-28; after initialize also ${ALL.slice(1).join(', ')})`, data: { supported: ['2026-07-28'], requested: 'banana' } },
    });
    expect(unsupportedVersionFrame('2027-01-01', { id: 1.5 })?.id).toBeNull();
    expect(unsupportedVersionFrame('x'.repeat(500))?.error.data['requested']).toHaveLength(100);
  });

  it('keeps the 2025-era answer for a 2025-era date, listing 2026-07-28 too', () => {
    expect(unsupportedVersionFrame('2024-01-01', [{ id: 1 }])).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: `Bad Request: Unsupported protocol version: 2024-01-01 (supported versions: ${ALL.join(', ')})`, data: { supported: ALL, requested: '2024-01-01' } },
    });
  });
});
