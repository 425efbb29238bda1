import { Command, InvalidArgumentError } from 'commander';
import { addCapabilityOptions, capabilityPatch, collectTag } from './option-parsers';
import { keyValues, table } from './render';
import { parseFilterEnvironment, parseFilterStatus } from './commands/filters';

describe('option parsers', () => {
  it('collects tags and rejects malformed ones as commander argument errors', () => {
    expect(collectTag('b=2', collectTag('a=1'))).toEqual({ a: '1', b: '2' });
    expect(() => collectTag('nope')).toThrow(InvalidArgumentError);
  });

  it('maps --allow-… / --no-allow-… to capability flags, leaving absent ones out', () => {
    const command = addCapabilityOptions(new Command().exitOverride(), true);
    command.parse(['--allow-firewall-writes', '--no-allow-advanced-writes'], { from: 'user' });
    expect(capabilityPatch(command.opts())).toEqual({ allow_firewall_writes: true, allow_advanced_writes: false });
  });

  it('validates list filters', () => {
    expect(parseFilterEnvironment('prod')).toBe('prod');
    expect(parseFilterEnvironment(undefined)).toBeUndefined();
    expect(() => parseFilterEnvironment('qa')).toThrow("environment: unknown environment 'qa'");
    expect(parseFilterStatus('healthy')).toBe('healthy');
    expect(() => parseFilterStatus('up')).toThrow("status: unknown status 'up'");
  });
});

describe('rendering', () => {
  it('aligns table columns without borders or trailing spaces', () => {
    expect(table(['A', 'LONGER'], [['xxx', 'y'], ['z', 'w']]).split('\n')).toEqual(['A    LONGER', 'xxx  y', 'z    w']);
  });
  it('aligns key: value lines', () => {
    expect(keyValues([['id', 'x'], ['status', 'ok']])).toBe('id:     x\nstatus: ok');
  });
});
