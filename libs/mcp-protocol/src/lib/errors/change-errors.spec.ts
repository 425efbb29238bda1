import { ChangeNotPermittedError, ChangeOverlapError, ChangePreconditionError, ChangeTargetNotFoundError } from '@routeros-mcp/domain-changes';
import { toMcpError } from './map-domain-error';

describe('refusals of the write planners in the error contract', () => {
  it('a rule that moved is a conflict that sends the caller back to the listing', () => {
    const error = toMcpError(new ChangePreconditionError('rule *5 is now at position 4, not 3; list the rules again', { menu: 'ip/firewall/filter', id: '*5', position: 4 }));
    expect(error.code).toBe(-32004);
    expect(error.message).toBe('Conflict: rule *5 is now at position 4, not 3; list the rules again');
    expect(error.data).toMatchObject({ mcp_error_code: 'CONFLICT', recovery_strategy: 'fix_and_retry', next_steps: ['firewall_list_filter_rules'], id: '*5', position: 4 });
  });

  it.each([
    ['missing interface', new ChangeTargetNotFoundError("interface 'ether9' does not exist", { field: 'interface', interface: 'ether9' }), 'NOT_FOUND', ['interface_list']],
    ['missing DHCP server', new ChangeTargetNotFoundError("DHCP server 'lan' does not exist", { field: 'server', server: 'lan' }), 'NOT_FOUND', ['dhcp_get_server_status']],
    ['overlapping prefix', new ChangeOverlapError('10.0.0.5/24 overlaps 10.0.0.1/24 on ether2 (*2)', { id: '*2' }), 'CONFLICT', []],
    ['dynamic rule', new ChangeNotPermittedError('rule *0 is dynamic', { menu: 'ip/firewall/filter', id: '*0' }), 'VALIDATION_ERROR', []],
  ])('%s: mapped to its code and next step', (_label, error, kind, next) => {
    const payload = toMcpError(error);
    expect(payload.data.mcp_error_code).toBe(kind);
    expect(payload.data.next_steps).toEqual(next);
    expect(payload.message).toContain(error.message);
  });
});
