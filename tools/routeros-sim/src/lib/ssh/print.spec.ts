import { DeviceState } from '../model/device-state';
import { seedConfig } from '../model/profiles';
import { renderPrint } from './print';

const users = [{ name: 'admin', password: 'x', group: 'full' as const }];
const home = () => new DeviceState('7.20.5', 42, () => seedConfig({ profile: 'home', version: '7.20.5', identity: 'r1', index: 0, users }));
const lines = (text: string) => text.split('\r\n');

describe('console print layouts', () => {
  it('pads table cells to the widest value three blanks apart and right-aligns numbers', () => {
    const table = lines(renderPrint(home(), 'ip/service'));
    expect(table.slice(0, 3)).toEqual(['Flags: X - DISABLED', 'Columns: NAME, PORT, ADDRESS, CERTIFICATE, VRF, MAX-SESSIONS', '#   NAME      PORT   ADDRESS   CERTIFICATE   VRF    MAX-SESSIONS']);
    expect(table[3]).toBe('0 X telnet      23                           main             20');
  });

  it('groups flags in the legend as RouterOS 7 does, one column per group in use', () => {
    expect(lines(renderPrint(home(), 'ip/route'))[0]).toBe('Flags: D - DYNAMIC; A - ACTIVE; C - CONNECT');
    expect(lines(renderPrint(home(), 'ip/route'))[3]).toMatch(/^0 DAC 192\.168\.88\.0\/24 /);
  });

  it('prints nothing for an empty menu and hides secrets in every layout', () => {
    expect(renderPrint(home(), 'ip/dns/static')).toBe('');
    for (const request of [{}, { detail: true }, { terse: true }]) expect(renderPrint(home(), 'interface/wifi', request)).not.toContain('factory-wifi-key');
  });

  it('quotes detail values that need it, with the console escapes, and leaves them bare in terse', () => {
    const s = home();
    s.add('ip/pool', { name: 'lab pool', ranges: '10.0.0.10-10.0.0.20', comment: 'say "hi"' });
    expect(renderPrint(s, 'ip/pool', { detail: true })).toContain('1 ;;; say "hi"\r\n  name="lab pool" ranges=10.0.0.10-10.0.0.20 \r\n');
    expect(renderPrint(s, 'ip/pool', { terse: true })).toContain('1 comment=say "hi" name=lab pool ranges=10.0.0.10-10.0.0.20\r\n');
  });
});
