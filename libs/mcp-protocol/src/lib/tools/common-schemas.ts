import { z } from 'zod';

export const DeviceIdSchema = z
  .string()
  // No description: the name says it, the server instructions say where ids come from, and 35 tools list it.
  .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'a device id: lower-case letters, digits and dashes (see device_list)');

/**
 * `limit`/`offset`/`cursor` as spec 004 shows them; `fields` maps to `.proplist`. The shared list arguments carry
 * no descriptions: 17 tools list them, and the server instructions explain them once.
 */
export const PageSchema = {
  limit: z.number().int().min(1).max(500).default(50),
  offset: z.number().int().min(0).optional(),
  cursor: z.string().max(200).optional(),
};

export const FieldsSchema = z
  .array(z.string().regex(/^[a-z0-9.-]+$/, 'a RouterOS property name'))
  .max(40)
  .optional();

/** Equality filters on RouterOS properties, sent to the device as `.query` words (`name=value`). */
export const WhereSchema = z
  .record(z.string().regex(/^[a-z0-9.-]+$/, 'a RouterOS property name'), z.string().max(200).regex(/^\P{Cc}*$/u, 'no control characters'))
  .refine((where) => Object.keys(where).length <= 10, 'at most 10 filters')
  .optional();

/** `where` as RouterOS query words. */
export const whereQuery = (where: Record<string, string> | undefined): string[] => Object.entries(where ?? {}).map(([name, value]) => `${name}=${value}`);

/** A RouterOS row as returned: every value a string. */
export const RowSchema = z.record(z.string(), z.string());

export const PageMetaSchema = z.object({
  total_count: z.number().int(),
  has_more: z.boolean(),
  next_cursor: z.string().optional(),
});
