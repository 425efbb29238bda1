import { DeviceState } from './device-state';
import { seedConfig } from './profiles';
import { loadBackup, saveBackup } from './backup';
import { defaultBackupName, fileType } from './files';

const users = [{ name: 'admin', password: 'admin', group: 'full' as const }];
const device = (version = '7.20.5') => new DeviceState(version, 42, () => seedConfig({ profile: 'home', version, identity: 'r1', index: 0, users }));

describe('/file types and backup names', () => {
  it('types files by name as RouterOS lists them', () => {
    expect(['a.backup', 'cfg.rsc', 'routeros-7.20.5-arm.npk', 'notes.txt', 'flash/skins/x.json', 'plain'].map((n) => fileType(n, 'file'))).toEqual(['backup', 'script', 'package', '.txt file', '.json file', 'file']);
    expect(fileType('flash', 'disk')).toBe('disk');
    expect(fileType('d', 'directory')).toBe('directory');
  });

  it('names a backup without a name after the identity and the minute', () => {
    expect(defaultBackupName('MikroTik', Date.parse('2024-11-25T13:14:59Z'))).toBe('MikroTik-20241125-1314');
  });
});

describe('/system/backup on the device model', () => {
  it('restores the configuration captured at save, keeps files, and reboots', () => {
    const state = device();
    saveBackup(state, { name: 'b1', password: 'pw' });
    state.update('ip/address', '*1', { comment: 'changed' });
    const file = state.fileRow('b1.backup')!;
    expect(file['.password']).not.toContain('pw');
    expect(() => loadBackup(state, { name: 'b1' })).toThrow('failure: wrong password');
    expect(state.get('ip/address', '*1')['comment']).toBe('changed');
    loadBackup(state, { name: 'b1', password: 'pw' });
    expect(state.get('ip/address', '*1')['comment']).toBe('defconf');
    expect(state.fileRow('b1.backup')).toBeDefined();
    expect(state.uptimeSeconds()).toBe(0);
  });

  it('keeps ids growing after a load: an item added later never takes an id the backup holds', () => {
    const state = device();
    saveBackup(state, { name: 'b1' });
    const added = state.add('ip/firewall/address-list', { list: 'x', address: '10.0.0.1' });
    loadBackup(state, { name: 'b1' });
    const again = state.add('ip/firewall/address-list', { list: 'x', address: '10.0.0.2' });
    expect(again['.id']).not.toBe(added['.id']);
    expect(() => loadBackup(state, { name: 'nothing' })).toThrow('failure: no such backup file');
  });
});
