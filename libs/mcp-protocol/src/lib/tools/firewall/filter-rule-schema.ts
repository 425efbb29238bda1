import { CONNECTION_NAT_STATES, CONNECTION_STATES, FILTER_ACTIONS, PROTOCOLS, REJECT_WITH } from '@routeros-mcp/domain-changes';
import { z } from 'zod';
import { CommentArg, NameArg, RowIdArg } from '../change/write-schemas';

const Address = z.string().max(32).regex(/^(!?[\d./-]+)?$/, 'an IPv4 address, prefix or range, ! negates');
const Ports = z.string().max(64).regex(/^(!?[\d,-]+)?$/, 'ports: 22, 80,443 or 8000-8100');
const Name = z.string().max(64).regex(/^(!?[\w.-]+)?$/, 'a name, ! negates');

/**
 * The rule properties the firewall tools take, by their RouterOS names. The same object serves add (chain and
 * action required) and update (all optional; "" or [] returns a property to its default).
 */
const ruleShape = {
  chain: NameArg,
  action: z.enum(FILTER_ACTIONS),
  'jump-target': Name,
  'reject-with': z.enum([...REJECT_WITH, '']),
  protocol: z.enum([...PROTOCOLS, '']),
  'src-address': Address,
  'dst-address': Address,
  'src-address-list': Name,
  'dst-address-list': Name,
  'src-port': Ports,
  'dst-port': Ports,
  'in-interface': Name,
  'out-interface': Name,
  'in-interface-list': Name,
  'out-interface-list': Name,
  'connection-state': z.array(z.enum(CONNECTION_STATES)).max(5),
  'connection-nat-state': z.array(z.enum(CONNECTION_NAT_STATES)).max(2),
  log: z.boolean(),
  'log-prefix': CommentArg,
  comment: CommentArg,
  disabled: z.boolean(),
};

const RuleProps = z.object(ruleShape).partial().strict();
export const RuleAddSchema = RuleProps.required({ chain: true, action: true }).describe('Rule properties by their RouterOS names');
/**
 * The same properties, validated as strictly, but listed as a plain object: the add tool already lists them, and a
 * second copy would cost ~300 tokens of tools/list.
 */
export const RuleUpdateSchema = z.record(z.string(), z.unknown()).pipe(RuleProps).describe('As in firewall_add_filter_rule; "" or [] unsets one');

/** A rule as `firewall_list_filter_rules` showed it: its .id and 0-based position. */
export const RuleRefSchema = z.strictObject({ id: RowIdArg.describe('From firewall_list_filter_rules'), position: z.number().int().min(0).describe('Position (checked)') });

