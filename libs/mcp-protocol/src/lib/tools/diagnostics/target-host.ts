import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** An IP address or a DNS name; nothing that could be read as a second RouterOS argument. */
export const TargetHostSchema = z
  .string()
  .max(253)
  .refine((v) => ipaddr.isValid(v) || /^(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)*[a-zA-Z]{2,63}$/.test(v), 'an IP address or a host name')
  .describe('IP address or host name');
