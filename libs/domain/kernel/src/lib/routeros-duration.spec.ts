import { parseRouterOsDuration } from './routeros-duration';

describe('parseRouterOsDuration', () => {
  it.each([
    ['1w2d3h4m5s', 604800 + 2 * 86400 + 3 * 3600 + 4 * 60 + 5],
    ['30m', 1800], ['5s', 5], ['500ms', 0.5], ['1h30m', 5400], ['2d', 172800],
    ['00:01:02', 62], ['1d00:01:02', 86462], ['1w2d 03:04:05', 604800 + 172800 + 11045], ['00:00:01.5', 1.5],
    ['30', 30], ['', undefined], ['5x', undefined], ['-3', undefined], ['1.5', undefined], ['never', undefined], ['1:2', undefined],
  ])('duration %p → %p s', (input, expected) => expect(parseRouterOsDuration(input)).toBe(expected));
});
