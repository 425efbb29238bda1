import { ValidationError } from '@routeros-mcp/domain-kernel';
import type { Row } from '../../row-operation';
import { validateRule } from '../firewall/filter-rule';

const PORTED = new Set(['tcp', 'udp', 'udp-lite', 'sctp', 'dccp', '6', '17']);

/** What RouterOS refuses about a NAT rule, or accepts meaning something else: the filter checks plus the NAT targets. */
export function validateNatRule(rule: Row): void {
  validateRule(rule);
  const errors: { field: string; message: string }[] = [];
  const action = rule['action'] ?? 'accept';
  const chain = rule['chain'];
  if (['dst-nat', 'netmap'].includes(action) && !rule['to-addresses'] && !rule['to-ports']) errors.push({ field: 'to-addresses', message: `${action} needs to-addresses or to-ports` });
  if (['dst-nat', 'redirect'].includes(action) && chain === 'srcnat') errors.push({ field: 'action', message: `${action} belongs in the dstnat chain` });
  if (['src-nat', 'masquerade'].includes(action) && chain === 'dstnat') errors.push({ field: 'action', message: `${action} belongs in the srcnat chain` });
  if (rule['to-ports'] && !PORTED.has(rule['protocol'] ?? '')) errors.push({ field: 'to-ports', message: 'needs protocol tcp, udp, udp-lite, sctp or dccp' });
  if (rule['to-ports'] && !/^\d{1,5}(-\d{1,5})?$/.test(rule['to-ports'])) errors.push({ field: 'to-ports', message: `'${rule['to-ports']}' is not a port or range` });
  if (rule['to-addresses'] && !/^\d{1,3}(\.\d{1,3}){3}(\/\d{1,2}|-\d{1,3}(\.\d{1,3}){3})?$/.test(rule['to-addresses'])) errors.push({ field: 'to-addresses', message: `'${rule['to-addresses']}' is not an IPv4 address, prefix or range` });
  if (errors.length) throw new ValidationError(errors);
}

/** The filter table's checks under the name the plan topics use. */
export const validateFilterRule = (rule: Row): void => validateRule(rule);
