import { ToolCatalog } from '../tools/catalog';
import type { ToolDefinition } from '../tools/define-tool';
import { auditableArguments, UNKNOWN_ARGUMENT_VALUE, unknownArgumentMessage, unknownArguments } from './unknown-arguments';

const catalog = new ToolCatalog({ toolsets: ['all'] });
const tool = (name: string) => catalog.find(name) as ToolDefinition;
const refused = (name: string, args: Record<string, unknown>) => {
  const parsed = tool(name).input.safeParse(args);
  if (parsed.success) throw new Error(`${name} took ${JSON.stringify(args)}`);
  return unknownArguments(tool(name), parsed.error);
};

describe('unknown arguments', () => {
  it.each([
    ['dns_set_servers', { device_id: 'lab-02', servers: ['1.1.1.1'], dryrun: true }, 'dryrun', 'dry_run', "unknown argument 'dryrun'; did you mean 'dry_run'?"],
    ['device_list', { enviroment: 'prod' }, 'enviroment', 'environment', "unknown argument 'enviroment'; did you mean 'environment'?"],
    ['system_set_identity', { device_id: 'lab-02', name: 'x', psk: 'secret-value' }, 'psk', expect.any(String), expect.stringMatching(/^unknown argument 'psk'; did you mean '[a-z_]+'\?$/)],
    ['plan_dns_ntp', { devices: ['a1'], dns_servers: ['1.1.1.1'], rollout: { batchsize: 2 } }, 'rollout.batchsize', 'batch_size', "unknown key 'batchsize' in rollout; did you mean 'batch_size'?"],
    ['plan_dns_ntp', { devices: ['a1'], dns_servers: ['1.1.1.1'], exclude: [{ device_id: 'a1', reasn: 'x' }] }, 'exclude.0.reasn', 'reason', "unknown key 'reasn' in exclude.0; did you mean 'reason'?"],
    ['plan_dns_ntp', { devices: { environment: 'lab', tagz: { a: 'b' } }, dns_servers: ['1.1.1.1'] }, 'devices.tagz', 'tags', "unknown key 'tagz' in devices; did you mean 'tags'?"],
    ['firewall_add_filter_rule', { device_id: 'a1', rule: { chain: 'input', action: 'accept' }, place_before: { id: '*1', positon: 1 } }, 'place_before.positon', 'position', "unknown key 'positon' in place_before; did you mean 'position'?"],
  ])('%s %j names the key and the closest valid name', (name, args, field, closest, message) => {
    const [first] = refused(name, args);
    expect(first).toMatchObject({ field, closest });
    expect(unknownArgumentMessage(first)).toEqual(message);
  });

  it('the audit record keeps an unknown key but never its value, at any depth, and keeps every known argument', () => {
    expect(auditableArguments(tool('dns_set_servers'), { device_id: 'lab-02', servers: ['1.1.1.1'], dryrun: true })).toEqual({ device_id: 'lab-02', servers: ['1.1.1.1'], dryrun: UNKNOWN_ARGUMENT_VALUE });
    const raw = { devices: ['a1'], dns_servers: ['1.1.1.1'], rollout: { batch_size: 2, psk: 'planted-psk' }, exclude: [{ device_id: 'a1', key: 'planted-key' }] };
    const kept = auditableArguments(tool('plan_dns_ntp'), raw);
    expect(JSON.stringify(kept)).not.toContain('planted');
    expect(kept).toEqual({ devices: ['a1'], dns_servers: ['1.1.1.1'], rollout: { batch_size: 2, psk: UNKNOWN_ARGUMENT_VALUE }, exclude: [{ device_id: 'a1', key: UNKNOWN_ARGUMENT_VALUE }] });
    expect(raw.rollout.psk).toBe('planted-psk');
    // A call that parses, or fails for another reason, is kept as it came (redaction by name still applies later).
    const valid = { device_id: 'lab-02', servers: ['1.1.1.1'] };
    expect(auditableArguments(tool('dns_set_servers'), valid)).toBe(valid);
    // A plan topic's own unknown fields inside `change` keep their names only; the fields it takes stay.
    const wireless = auditableArguments(tool('plan_wireless'), { devices: ['a1'], change: { security_profiles: [{ name: 'p', 'authentication-types': ['wpa2-psk'], key: 'planted-key', psk: 'planted-psk' }] } });
    expect(wireless).toEqual({ devices: ['a1'], change: { security_profiles: [{ name: 'p', 'authentication-types': ['wpa2-psk'], key: UNKNOWN_ARGUMENT_VALUE, psk: UNKNOWN_ARGUMENT_VALUE }] } });
    const firewall = { devices: ['a1'], change: { rules: [{ key: 'ssh-from-noc', chain: 'input', action: 'accept' }] } };
    expect(auditableArguments(tool('plan_firewall_rules'), firewall)).toEqual(firewall);
    // A filter on a secret property keeps its name, not the guessed value (`key` is an argument name this product uses too).
    expect(auditableArguments(tool('interface_list'), { device_id: 'a1', where: { key: 'planted-key', name: 'wifi1' } })).toEqual({ device_id: 'a1', where: { key: UNKNOWN_ARGUMENT_VALUE, name: 'wifi1' } });
    // A call to no known tool keeps the names it sent, not what it sent under them.
    expect(auditableArguments(undefined, { wpa2: 'planted' })).toEqual({ wpa2: UNKNOWN_ARGUMENT_VALUE });
  });
});
