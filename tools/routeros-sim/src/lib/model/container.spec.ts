import { refusalOf } from '../testing/rest-error-detail.fixture';
import { treeFor } from '../schema/menu-schema';
import { treeWithPackages } from '../schema/package-trees';
import { CONTAINER_MENUS, containerStatus, EXTRACT_MS } from './container';

const spec = (path: string) => CONTAINER_MENUS.find((m) => m.path === path)!;
const refusal = refusalOf;
const rows: Record<string, Record<string, string>[]> = {
  interface: [{ name: 'veth1', type: 'veth' }, { name: 'ether1', type: 'ether' }],
  'container/envs': [{ name: 'app', key: 'TZ', value: 'UTC' }],
  'container/mounts': [{ name: 'data', src: 'disk1/data', dst: '/data' }],
  file: [{ name: 'alpine.tar' }],
};
const rule = (key: string, value: string) => spec('container').argRule!(key, value, { command: 'add', version: '7.20.5', rowsOf: (p) => rows[p] ?? [] });

describe('the container package (MikroTik manual, Container)', () => {
  it('a container extracts for a while after it is added, then is stopped until started', () => {
    const created = Date.parse('2026-01-01T00:00:00Z');
    const row = { '.created': new Date(created).toISOString() };
    expect(containerStatus(row, created)).toBe('extracting');
    expect(containerStatus(row, created + EXTRACT_MS - 1)).toBe('extracting');
    expect(containerStatus(row, created + EXTRACT_MS)).toBe('stopped');
    expect(containerStatus({ ...row, '.state': 'running' }, created)).toBe('running');
  });

  it('names a veth interface, env lists, mounts and files that exist', () => {
    expect(rule('interface', 'veth1')).toBe('veth1');
    expect(refusal(() => rule('interface', 'ether1'))).toBe('input does not match any value of interface');
    expect(rule('envlist', 'app')).toBe('app');
    expect(refusal(() => rule('envlist', 'other'))).toBe('input does not match any value of envlist');
    expect(rule('mounts', 'data')).toBe('data');
    expect(refusal(() => rule('mounts', 'data,none'))).toBe('input does not match any value of mounts');
    expect(rule('file', 'alpine.tar')).toBe('alpine.tar');
    expect(refusal(() => rule('file', 'missing.tar'))).toBe('failure: no such file');
    expect(rule('hostname', 'box')).toBeUndefined();
  });

  it('takes its image from a registry or a file, exactly one of the two', () => {
    const check = (row: Record<string, string>) => refusal(() => spec('container').checkRow!(row, { rowsOf: () => [], others: [] }));
    expect(check({ 'remote-image': 'alpine' })).toBeUndefined();
    expect(check({ file: 'alpine.tar' })).toBeUndefined();
    expect(check({})).toBe('failure: specify either remote-image or file');
    expect(check({ 'remote-image': 'alpine', file: 'alpine.tar' })).toBe('failure: specify either remote-image or file');
  });

  it('checks the registry URL and ram-high', () => {
    const config = (key: string, value: string) => refusal(() => spec('container/config').argRule!(key, value, { command: 'set', version: '7.20.5', rowsOf: () => [] }));
    expect(config('registry-url', 'https://ghcr.io')).toBeUndefined();
    expect(config('registry-url', '')).toBeUndefined();
    expect(config('registry-url', 'ghcr.io')).toBe('invalid value for argument registry-url');
    expect(config('ram-high', '512M')).toBeUndefined();
    expect(config('ram-high', '1.5G')).toBe('invalid value for argument ram-high');
  });

  it('extends a tree only for a device with the package; without it the shared tree is the same object', () => {
    const tree = treeFor('7.20.5');
    expect(treeWithPackages(tree, [])).toBe(tree);
    expect(treeWithPackages(tree, ['routerboard', 'wireless'])).toBe(tree);
    const withContainer = treeWithPackages(tree, ['container']);
    expect(withContainer['container']?.commands).toEqual(expect.arrayContaining(['add', 'start', 'stop', 'print']));
    expect(withContainer['ip/address']).toBe(tree['ip/address']);
    expect(treeWithPackages(tree, ['container'])).toBe(withContainer);
    expect(tree['container']).toBeUndefined();
  });
});
