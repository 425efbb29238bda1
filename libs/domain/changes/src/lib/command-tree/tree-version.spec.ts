import { chooseTreeVersion } from './tree-version';

describe('chooseTreeVersion', () => {
  const trees = ['7.20.5', '7.15.3'];
  it.each([
    ['7.15.3', { version: '7.15.3', exact: true }],
    ['7.20.5', { version: '7.20.5', exact: true }],
    ['7.18.2', { version: '7.15.3', exact: false }],
    ['7.21', { version: '7.20.5', exact: false }],
    ['7.12.1', { version: '7.15.3', exact: false }],
    [undefined, { version: '7.20.5', exact: false }],
  ])('a device on %s is described with %j', (device, choice) => expect(chooseTreeVersion(trees, device)).toEqual(choice));

  it('refuses to choose from nothing', () => expect(() => chooseTreeVersion([], '7.15.3')).toThrow(/no RouterOS command tree/));
});
