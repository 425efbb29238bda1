import { z } from 'zod';
import { IpAddressArg as Ip } from '../change/write-schemas';
import { checkedOperation, menuOperation } from '../menu/menu-operations';
import { MenuPathSchema } from '../menu/menu-print.tool';

/**
 * How one plan topic's change is asked for in its `plan_<topic>` tool: the arguments (beside devices, rollout,
 * exclude, ttl_hours and title, which every plan tool takes), and how they become the topic's secret-free change
 * (the JSON the domain topic parses and checks). A topic in the registry (PLAN_TOPICS) without an entry here still
 * gets a tool, taking the change as one `change` object; an entry gives the model typed arguments.
 */
export interface PlanTopicInput {
  description: string;
  shape: z.ZodRawShape;
  toChange(args: Record<string, unknown>): Record<string, unknown>;
}

export const PLAN_TOPIC_INPUTS: Readonly<Record<string, PlanTopicInput>> = {
  dns_ntp: {
    description: 'Plan DNS and/or NTP servers for many devices; a human approves.',
    shape: { dns_servers: z.array(Ip).min(1).max(3).optional(), ntp_servers: z.array(z.string().min(1).max(253)).min(1).max(4).optional().describe('IP addresses or host names'), ntp_enabled: z.boolean().optional() },
    toChange: (a) => ({
      ...(a['dns_servers'] ? { dns: { servers: a['dns_servers'] } } : {}),
      ...(a['ntp_servers'] ? { ntp: { servers: a['ntp_servers'], ...(a['ntp_enabled'] === undefined ? {} : { enabled: a['ntp_enabled'] }) } } : {}),
    }),
  },
  address_list_sync: {
    description: 'Plan making an mcp-* address list equal to a set on many devices (other lists untouched).',
    shape: { list: z.string().regex(/^mcp-[A-Za-z0-9_.-]{1,59}$/, 'a list name starting with mcp-').describe('List name, mcp-*'), addresses: z.array(z.string().min(1).max(64)).max(1000).describe('The whole set it should hold') },
    toChange: (a) => ({ list: a['list'], addresses: a['addresses'] }),
  },
  menu_changes: {
    description: 'Plan menu_change operations on many devices; a human approves.',
    // The operations' schema is menu_change's, checked here rather than listed twice (the whole list's token budget).
    shape: { path: MenuPathSchema, operations: z.array(z.record(z.string(), z.unknown())).min(1).max(50).describe("As menu_change's operations") },
    toChange: (a) => ({ path: a['path'], operations: (a['operations'] as unknown[]).map((raw, i) => menuOperation(checkedOperation(raw, i), i)) }),
  },
};

/** The fallback for a registered topic without an entry above: the change as the topic's parse takes it. */
export function genericTopicInput(topic: string): PlanTopicInput {
  return {
    description: `Plan a ${topic.replace(/_/g, ' ')} change for many devices; a human approves.`,
    shape: { change: z.record(z.string(), z.unknown()).describe(`The ${topic.replace(/_/g, ' ')} change`) },
    toChange: (a) => a['change'] as Record<string, unknown>,
  };
}
