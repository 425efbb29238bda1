import { normaliseRate } from './queues';

describe('queue rates', () => {
  it('prints the largest unit that divides the rate exactly', () => {
    expect(['10000000', '10M', '5000k', '1500k', '2G', '0', '64000', '1K', '1001'].map((v) => normaliseRate('max-limit', v))).toEqual(['10M', '10M', '5M', '1500k', '2G', '0', '64k', '1k', '1001']);
  });

  it('refuses what is no rate', () => {
    for (const value of ['fast', '1.5M', '-1', '10T', '']) expect(() => normaliseRate('max-limit', value)).toThrow('invalid value for argument max-limit');
  });
});
