import { z } from 'zod';
import { compactSchema } from './compact-schema';

describe('compactSchema', () => {
  it('keeps of an input what a model needs to call the tool: types (an enum of strings says its own), enums, defaults, required, closed objects', () => {
    const schema = z.toJSONSchema(
      z.strictObject({ id: z.string().regex(/^[a-z]+$/).max(9), n: z.number().int().min(1).max(5).default(2), kind: z.enum(['a', 'b']), where: z.record(z.string().regex(/^x/), z.string()).optional() }),
      { io: 'input' },
    );
    expect(compactSchema(schema)).toEqual({
      type: 'object',
      properties: { id: { type: 'string' }, n: { type: 'integer', minimum: 1, maximum: 5, default: 2 }, kind: { enum: ['a', 'b'] }, where: { type: 'object' } },
      required: ['id', 'kind'],
      additionalProperties: false,
    });
  });

  it('walks schema positions only: a property named like a keyword stays', () => {
    const schema = z.toJSONSchema(z.object({ pattern: z.string(), required: z.boolean(), maximum: z.number() }), { io: 'input' });
    expect(Object.keys((compactSchema(schema) as { properties: object }).properties)).toEqual(['pattern', 'required', 'maximum']);
    expect(compactSchema(schema)).toMatchObject({ required: ['pattern', 'required', 'maximum'] });
  });
});
