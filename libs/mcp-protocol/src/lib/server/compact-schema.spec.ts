import { z } from 'zod';
import { compactSchema } from './compact-schema';

describe('compactSchema', () => {
  it('drops what costs tokens and tells nothing, keeps every real constraint', () => {
    const schema = z.toJSONSchema(z.object({ n: z.number().int(), m: z.number().int().min(1).max(5), r: z.record(z.string(), z.string()) }), { io: 'output' });
    expect(compactSchema(schema)).toEqual({
      type: 'object',
      properties: { n: { type: 'integer' }, m: { type: 'integer', minimum: 1, maximum: 5 }, r: { type: 'object', additionalProperties: { type: 'string' } } },
      required: ['n', 'm', 'r'],
    });
  });
});
