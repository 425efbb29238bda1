import { z } from 'zod';

export const DeviceIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'a device id: lower-case letters, digits and dashes (see device_list)')
  .describe('Device id (device_list)');

/** `limit`/`offset`/`cursor` as spec 004 shows them; `fields` maps to `.proplist`. */
export const PageSchema = {
  limit: z.number().int().min(1).max(500).default(50),
  offset: z.number().int().min(0).optional(),
  cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
};

export const FieldsSchema = z
  .array(z.string().regex(/^[a-z0-9.-]+$/, 'a RouterOS property name'))
  .max(40)
  .optional()
  .describe('RouterOS property names to return');

/** A RouterOS row as returned: every value a string. */
export const RowSchema = z.record(z.string(), z.string());

export const PageMetaSchema = z.object({
  total_count: z.number().int(),
  has_more: z.boolean(),
  next_cursor: z.string().optional(),
});
