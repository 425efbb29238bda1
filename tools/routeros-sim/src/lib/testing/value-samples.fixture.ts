import type { ValueRule } from '../model/value-rules';

/**
 * One valid and one invalid value for a tree rule, and RouterOS's refusal of the invalid one as the curated
 * rules word it (model/arg-rules.ts), for the walks over the trees' described arguments. Undefined when the
 * rule takes any text.
 */
export interface Sample {
  valid: string;
  invalid?: string;
  refusal?: string;
}

const text = (ms: number) => `${Math.round(ms)}ms`;

export function sample(rule: ValueRule, key: string): Sample | undefined {
  const invalidArg = `invalid value for argument ${key}`;
  switch (rule.kind) {
    case 'string': {
      const size = Math.max(rule.min ?? 1, 1);
      const valid = (rule.hex ? '0a' : 'ab').repeat(size).slice(0, size);
      if (rule.max !== undefined) return { valid, invalid: 'a'.repeat(rule.max + 1), refusal: invalidArg };
      if (rule.hex) return { valid, invalid: 'zz', refusal: invalidArg };
      if ((rule.min ?? 0) > 1) return { valid, invalid: 'a', refusal: invalidArg };
      return undefined; // any text: nothing to refuse
    }
    case 'integer':
      return { valid: String(rule.min), invalid: String(rule.max + 1), refusal: `value of ${key} out of range (${rule.min}..${rule.max})` };
    case 'time':
      if (rule.max !== undefined) return { valid: text(rule.max), invalid: text(rule.max + 1000), refusal: `value of ${key} out of range (${rule.range})` };
      if (rule.min !== undefined && rule.min > 0) return { valid: text(rule.min), invalid: text(rule.min - 1), refusal: `value of ${key} out of range (${rule.range})` };
      return { valid: '1h2m3s', invalid: 'banana', refusal: invalidArg };
    case 'ipv4':
      return { valid: '192.0.2.1', invalid: '192.0.2.300', refusal: invalidArg };
    case 'ipv4-prefix':
      return { valid: '192.0.2.0/24', invalid: '192.0.2.0/33', refusal: invalidArg };
    case 'ipv6-prefix':
      return { valid: '2001:db8::/32', invalid: '2001:db8::/129', refusal: invalidArg };
    case 'ipv4-range':
      return { valid: '192.0.2.10-192.0.2.20', invalid: '192.0.2.20-192.0.2.10', refusal: invalidArg };
    case 'mac':
      return { valid: '02:00:00:00:00:01', invalid: '02:00:00', refusal: `invalid value of ${key}, mac address required` };
    case 'enum':
      return { valid: rule.values[0], invalid: 'no-such-value', refusal: `input does not match any value of ${key}` };
    case 'union':
      return { valid: sample(rule.rules[0], key)!.valid, invalid: '999.0.0.1', refusal: invalidArg };
    case 'free':
      return undefined;
  }
}

