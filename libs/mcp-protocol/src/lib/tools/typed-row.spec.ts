import { sizeInBytes, typedRow, typedValue } from './typed-row';

describe('typed rows', () => {
  it('types booleans and integers, whatever the menu', () => {
    expect(typedRow({ '.id': '*1', disabled: 'false', running: 'true', mtu: '1500', 'rx-byte': '123456789012', distance: '1', active: 'true', signal: '-65', uptime: '1w2d', cpu: '0.5' })).toEqual({
      '.id': '*1', disabled: false, running: true, mtu: 1500, 'rx-byte': 123456789012, distance: 1, active: true, signal: -65, uptime: '1w2d', cpu: '0.5',
    });
  });

  it('keeps names, ports, addresses and free text as text even when they look like numbers or booleans', () => {
    for (const key of ['name', 'comment', 'interface', 'dst-port', 'to-ports', 'vlan-ids', 'address', 'list', 'configuration.ssid', 'host-name', 'routing-table', 'version', 'default-name']) {
      expect(typedValue(key, '443')).toBe('443');
      expect(typedValue(key, 'true')).toBe('true');
    }
    expect(typedValue('pvid', '10')).toBe(10);
  });

  it('leaves integers past 2^53, leading zeros and hex as text', () => {
    expect(typedValue('bytes', '9007199254740993')).toBe('9007199254740993');
    expect(typedValue('priority', '0x8000')).toBe('0x8000');
    expect(typedValue('seq', '007')).toBe('007');
  });

  it('reads RouterOS sizes as bytes', () => {
    expect(sizeInBytes('2048KiB')).toBe(2 * 1024 * 1024);
    expect(sizeInBytes('512')).toBe(512);
    expect(sizeInBytes('1.5MiB')).toBe(1572864);
    expect(sizeInBytes('lots')).toBeNull();
  });
});
