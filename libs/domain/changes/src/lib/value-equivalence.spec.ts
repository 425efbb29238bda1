import { isWriteOnly, sameValue } from './value-equivalence';

describe('sameValue: what the device holds is what was written', () => {
  it.each([
    ['read,api,rest-api', 'read,api,rest-api,!local,!telnet,!ssh,!ftp,!reboot,!write,!policy,!test,!winbox,!password,!web,!sniff,!sensitive,!romon', true],
    ['rest-api,read,!ftp', 'read,rest-api,!ftp,!write', true],
    ['read,api,rest-api', 'read,api,!rest-api,!write', false],
    ['read,write', 'read,write,api,!ftp', false],
    ['read,!api', 'read,api,!ftp', false],
    ['ether1,ether2', 'ether1, ether2', true],
    ['ether2,ether1', 'ether1,ether2', false],
    ['yes', 'true', true],
    ['192.0.2.1', '192.0.2.1/32', true],
  ])('%s as stored %s: %s', (written, stored, same) => expect(sameValue(written, stored)).toBe(same));

  it("holds a user's password whatever a read shows: RouterOS never prints it", () => {
    expect(isWriteOnly('user', 'password')).toBe(true);
    expect(isWriteOnly('ppp/secret', 'password')).toBe(false);
    expect(isWriteOnly('user', 'group')).toBe(false);
  });
});
