import { defaultCapabilities, withCapabilities } from '@routeros-mcp/domain-devices';
import { Environment } from '@routeros-mcp/domain-kernel';
import { assertSafe, checkSshCommand, evaluateSafety, SAFETY_RULE_IDS, SafetyContext, SafetyViolationError } from '../index';

function device(environment: Environment = 'lab', flags: Parameters<typeof withCapabilities>[1] = {}) {
  return { id: 'dev-1', environment, critical: false, capabilities: withCapabilities(defaultCapabilities(), flags) };
}
const read: SafetyContext['operation'] = { tool: 'system_get_overview', tier: 'fundamental', topic: 'system', writes: false };
const dnsWrite: SafetyContext['operation'] = { tool: 'dns_update_servers', tier: 'advanced', topic: 'dns', writes: true };
const fwWrite: SafetyContext['operation'] = { tool: 'firewall_add_rule', tier: 'advanced', topic: 'firewall', writes: true };

function verdict(ctx: SafetyContext, ruleId: string) {
  return evaluateSafety(ctx).results.find((r) => r.ruleId === ruleId)!;
}

describe('catalogue', () => {
  it('has the stable rule ids', () => {
    expect([...SAFETY_RULE_IDS].sort()).toEqual(
      ['DNS_NTP_LIMITS', 'ENVIRONMENT_MATCH', 'MCP_OWNED_ADDRESS_LISTS', 'PROD_REQUIRES_APPROVAL', 'PROTECT_MANAGEMENT_PATH', 'SSH_ALLOWLIST', 'TIER_CAPABILITY'].sort(),
    );
  });
});

describe('ENVIRONMENT_MATCH', () => {
  it('passes on a match and fails across environments, naming both', () => {
    expect(verdict({ serviceEnvironment: 'lab', operation: read, device: device('lab') }, 'ENVIRONMENT_MATCH').status).toBe('pass');
    const fail = verdict({ serviceEnvironment: 'lab', operation: read, device: device('prod') }, 'ENVIRONMENT_MATCH');
    expect(fail).toMatchObject({ status: 'fail', details: { device_environment: 'prod', service_environment: 'lab', device_id: 'dev-1' } });
  });
  it('does not apply without a device', () => {
    expect(verdict({ serviceEnvironment: 'lab', operation: read }, 'ENVIRONMENT_MATCH').status).toBe('not_applicable');
  });
});

describe('TIER_CAPABILITY', () => {
  it.each([
    ['fundamental read, no flags', read, {}, 'pass', undefined],
    ['advanced without flag', dnsWrite, {}, 'fail', 'allow_advanced_writes'],
    ['advanced with flag', dnsWrite, { allow_advanced_writes: true }, 'pass', undefined],
    ['firewall write without topic flag', fwWrite, { allow_advanced_writes: true }, 'fail', 'allow_firewall_writes'],
    ['firewall write with both', fwWrite, { allow_advanced_writes: true, allow_firewall_writes: true }, 'pass', undefined],
    ['professional without flag', { ...dnsWrite, tier: 'professional' }, { allow_advanced_writes: true }, 'fail', 'allow_professional_workflows'],
    ['bandwidth test needs its own flag', { ...read, tier: 'advanced', requiresFlag: 'allow_bandwidth_test' }, { allow_advanced_writes: true }, 'fail', 'allow_bandwidth_test'],
  ] as const)('%s → %s', (_label, operation, flags, status, requiredFlag) => {
    const r = verdict({ serviceEnvironment: 'lab', operation: operation as SafetyContext['operation'], device: device('lab', flags) }, 'TIER_CAPABILITY');
    expect(r.status).toBe(status);
    expect(r.details?.['required_flag']).toBe(requiredFlag);
  });

  it('names each flag once when a topic write also asks for its topic\'s flag', () => {
    const dhcpWrite = { tool: 'dhcp_add_static_lease', tier: 'advanced', topic: 'dhcp', writes: true, requiresFlag: 'allow_dhcp_writes' } as const;
    const r = verdict({ serviceEnvironment: 'lab', operation: dhcpWrite, device: device('lab', { allow_advanced_writes: true, allow_dhcp_writes: true }) }, 'TIER_CAPABILITY');
    expect(r.message).toBe('device allows allow_advanced_writes, allow_dhcp_writes');
  });
});

describe('PROD_REQUIRES_APPROVAL', () => {
  const prod = device('prod', { allow_advanced_writes: true });
  it('blocks prod writes without a plan and allows them under one', () => {
    expect(verdict({ serviceEnvironment: 'prod', operation: dnsWrite, device: prod }, 'PROD_REQUIRES_APPROVAL').status).toBe('fail');
    expect(verdict({ serviceEnvironment: 'prod', operation: dnsWrite, device: prod, approvedPlanId: 'plan-x1' }, 'PROD_REQUIRES_APPROVAL').status).toBe('pass');
  });
  it('ignores reads and non-prod writes', () => {
    expect(verdict({ serviceEnvironment: 'prod', operation: read, device: prod }, 'PROD_REQUIRES_APPROVAL').status).toBe('not_applicable');
    expect(verdict({ serviceEnvironment: 'staging', operation: dnsWrite, device: device('staging') }, 'PROD_REQUIRES_APPROVAL').status).toBe('pass');
  });
});

describe('MCP_OWNED_ADDRESS_LISTS', () => {
  const ctx = (addressList: string): SafetyContext => ({ serviceEnvironment: 'lab', operation: fwWrite, device: device(), input: { addressList } });
  it.each([['mcp-blocklist', 'pass'], ['mcp-a_b-1', 'pass'], ['blocklist', 'fail'], ['MCP-x', 'fail'], ['mcp-', 'fail'], ['mcp-x y', 'fail']] as const)(
    '%s → %s',
    (list, status) => expect(verdict(ctx(list), 'MCP_OWNED_ADDRESS_LISTS').status).toBe(status),
  );
});

describe('DNS_NTP_LIMITS', () => {
  const ctx = (input: SafetyContext['input']): SafetyContext => ({ serviceEnvironment: 'lab', operation: dnsWrite, device: device(), input });
  it.each([
    [{ dnsServers: ['1.1.1.1', '2606:4700:4700::1111'] }, 'pass', ''],
    [{ ntpServers: ['pool.ntp.org', '192.0.2.1'] }, 'pass', ''],
    [{ dnsServers: ['1.1.1.1', '8.8.8.8', '9.9.9.9', '8.8.4.4'] }, 'fail', 'at most 3 DNS servers (got 4)'],
    [{ dnsServers: ['dns.google'] }, 'fail', "'dns.google' is not an IP address"],
    [{ dnsServers: ['127.0.0.1'] }, 'fail', '127.0.0.1 is a loopback address'],
    [{ dnsServers: ['0.0.0.0'] }, 'fail', 'unspecified'],
    [{ dnsServers: ['224.0.0.1'] }, 'fail', 'multicast'],
    [{ dnsServers: ['1.1.1.1', '1.1.1.1'] }, 'fail', 'listed twice'],
    [{ dnsServers: [] }, 'fail', 'at least one DNS server'],
    [{ ntpServers: ['a', 'b', 'c', 'd', 'e'] }, 'fail', 'at most 4 NTP servers'],
    [{ ntpServers: ['bad host!'] }, 'fail', 'not an IP address or host name'],
  ] as const)('%j → %s', (input, status, message) => {
    const r = verdict(ctx(input as SafetyContext['input']), 'DNS_NTP_LIMITS');
    expect(r.status).toBe(status);
    expect(r.message).toContain(message);
  });
});

describe('SSH_ALLOWLIST', () => {
  it.each(['/export', '/export terse', '/export show-sensitive verbose', '/ip/firewall/filter/export compact', '/system/resource/print', '/ip/address/print without-paging', '/safe-mode/take', '/safe-mode/unroll'])(
    'allows %p',
    (command) => expect(checkSshCommand(command)).toBeUndefined(),
  );
  it.each([
    ['/export; /system/reboot', 'not an allow-listed'],
    ['/system/reboot', 'not an allow-listed'],
    ['/export file=x', 'not an allow-listed'],
    ['/ip/address/print where [/system/reboot]', 'not an allow-listed'],
    ['/export\n/system/reset-configuration', 'not an allow-listed'],
    ['/export terse terse', 'repeated'],
    ['/export show-sensitive hide-sensitive', 'exclude each other'],
    ['/ip/address/print detail verbose', "'verbose' is not an allowed print option"],
    ['/user/set admin password=x', 'not an allow-listed'],
    ['/ip/address/print $x', 'not an allow-listed'],
  ])('refuses %p', (command, message) => expect(checkSshCommand(command)).toContain(message));
  it('does not echo control characters back', () => expect(checkSshCommand('/export\u001b[2J')).toContain('/export?[2J'));
});

describe('assertSafe', () => {
  it('passes a fundamental read on a matching device', () => {
    expect(assertSafe({ serviceEnvironment: 'lab', operation: read, device: device() }).allowed).toBe(true);
  });

  it('throws the first blocking rule with a SAFETY.<id> code and its details', () => {
    const error = (() => { try { assertSafe({ serviceEnvironment: 'lab', operation: dnsWrite, device: device() }); } catch (e) { return e; } })() as SafetyViolationError;
    expect(error).toBeInstanceOf(SafetyViolationError);
    expect(error.code).toBe('SAFETY.TIER_CAPABILITY');
    expect(error.details()).toEqual({ safety_rule: 'TIER_CAPABILITY', device_id: 'dev-1', required_flag: 'allow_advanced_writes', tool_tier: 'advanced' });
  });

  it('fails closed on a device write while the management path is unchecked, and accepts a supplied verdict', () => {
    const ctx: SafetyContext = { serviceEnvironment: 'lab', operation: dnsWrite, device: device('lab', { allow_advanced_writes: true }) };
    expect(() => assertSafe(ctx)).toThrow(expect.objectContaining({ code: 'SAFETY.PROTECT_MANAGEMENT_PATH' }));
    const checked = { ruleId: 'PROTECT_MANAGEMENT_PATH', status: 'pass' as const, message: 'path intact' };
    expect(assertSafe(ctx, [checked]).allowed).toBe(true);
  });
});
