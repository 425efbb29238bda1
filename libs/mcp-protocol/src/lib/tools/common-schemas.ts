import { isSecretRouterOsProperty } from '@routeros-mcp/domain-kernel';
import { z } from 'zod';

/** A device id inside a list of them (the list's own description says where they come from). */
export const DeviceIdValue = z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'a device id: lower-case letters, digits and dashes (see device_list)');

// Short: ~60 tools list it, and several clients drop the server instructions that say more.
export const DeviceIdSchema = DeviceIdValue.describe('From device_list');

/**
 * `limit`/`offset`/`cursor` as spec 004 shows them; `fields` maps to `.proplist`. The shared list arguments carry
 * a few words each (17 tools list them; the server instructions say more, but some clients drop those); `limit` and
 * `offset` none: their names and bounds say it, and every word here is paid 17 times over (the token budgets).
 */
export const PageSchema = {
  limit: z.number().int().min(1).max(500).default(50),
  offset: z.number().int().min(0).optional(),
  cursor: z.string().max(200).optional().describe('From next_cursor'),
};

const PropertyName = z.string().regex(/^[a-z0-9.-]+$/, 'a RouterOS property name');

export const FieldsSchema = z.array(PropertyName).max(40).optional().describe('Properties to return');

/**
 * Equality filters on RouterOS properties, typed as tools return them; sent to the device as `.query` words. A filter
 * on a secret property (a passphrase, a pre-shared key) is refused: the rows it returns would confirm a guessed value.
 */
export const WhereSchema = z
  .record(PropertyName, z.union([z.string().max(200).regex(/^\P{Cc}*$/u, 'no control characters'), z.number(), z.boolean()]))
  .refine((where) => Object.keys(where).length <= 10, 'at most 10 filters')
  .superRefine((where, ctx) => {
    for (const name of Object.keys(where)) {
      // notKept: the guessed value is a secret too; the refused call's audit record keeps the filter's name only.
      if (isSecretRouterOsProperty(name)) ctx.addIssue({ code: 'custom', path: [name], message: `'${name}' is a secret property; filters on secrets are refused`, params: { notKept: true } });
    }
  })
  .optional()
  .describe('Exact matches {property: value}');

export type Where = NonNullable<z.infer<typeof WhereSchema>>;

const TRUE_WORDS = new Set(['true', 'yes']);
const FALSE_WORDS = new Set(['false', 'no']);

/**
 * `where` as RouterOS query words. RouterOS answers booleans as `true`/`false` over REST but prints `yes`/`no` on
 * the console, so a boolean-looking value matches either spelling (`#|` ORs the two), and enum values such as
 * `edge=no` still match where the property really holds the word.
 */
export function whereQuery(where: Where | undefined): string[] {
  return Object.entries(where ?? {}).flatMap(([name, value]) => {
    const word = String(value);
    const spellings = TRUE_WORDS.has(word) ? ['true', 'yes'] : FALSE_WORDS.has(word) ? ['false', 'no'] : undefined;
    return spellings ? [`${name}=${spellings[0]}`, `${name}=${spellings[1]}`, '#|'] : [`${name}=${word}`];
  });
}

/** A RouterOS row as tools return it: booleans and integers typed (see typed-row.ts), everything else text. */
export const RowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

export const PageMetaSchema = z.object({
  total_count: z.number().int(),
  has_more: z.boolean(),
  next_cursor: z.string().optional(),
});
