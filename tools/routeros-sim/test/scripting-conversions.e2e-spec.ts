import { oneDevice } from './one-device';

/**
 * RouterOS 7's conversions and data commands (`:toip`, `:totime`, `:parse`, `:serialize`/`:deserialize`,
 * `:convert`) in scripts run over the SSH console and by /system/script run over REST; the arguments each
 * version's tree has (7.20's `options=`) decide what a script may write.
 */
describe.each(['7.15.3', '7.20.5'])('RouterOS %s scripting conversions', (version) => {
  const sim = oneDevice(version);
  const { rest, ssh } = sim;
  const logs = async () => ((await rest('GET', '/log')).body as Record<string, string>[]).filter((l) => l['topics'] === 'script,info').map((l) => l['message']);

  // A report script as routers run them: addresses typed and tested, a time read from text, a parsed helper, JSON out and back.
  const report = [
    ':local gw [:toip "192.168.88.1"]',
    ':local lan ($gw in 192.168.88.0/24)',
    ':local every [:totime "5m"]',
    ':local label [:parse ":return (\\$1 . \\"-\\" . \\$suffix)"]',
    ':local doc [:serialize to=json {"gw"=$gw;"lan"=$lan;"every"=$every;"name"=[$label "r1" suffix=x];"mtu"=[:tonum "1500"]}]',
    ':local back [:deserialize from=json value=$doc]',
    ':log info $doc',
    ':log info ([:typeof $gw] . "," . [:typeof ($back->"gw")] . "," . [:typeof ($back->"mtu")] . "," . [:convert to=base64 ($back->"name")])',
  ].join('\n');
  const expected = ['{"every":"00:05:00","gw":"192.168.88.1","lan":true,"mtu":1500,"name":"r1-x"}', 'ip,ip,num,cjEteA=='];

  it('runs a script using the conversions over the SSH console and by /system/script run over REST', async () => {
    const console = await ssh(report.replace(/\n/g, '; ') + '; :put [:typeof [:toip6 "fe80::1"]]; :put [:typeof [:toip "nope"]]');
    expect(console.output).toContain('ip6\r\nnil');
    expect(await logs()).toEqual(expected);
    expect((await rest('PUT', '/system/script', { name: 'report', source: report })).status).toBe(201);
    expect((await rest('POST', '/system/script/run', { number: 'report' })).status).toBe(200);
    expect(await logs()).toEqual([...expected, ...expected]);
  });

  it(`${version === '7.15.3' ? 'refuses' : 'takes'} :serialize options= (7.20's tree has it, 7.15.3's does not)`, async () => {
    const source = ':log info [:serialize to=json options=json.no-string-conversion {"n"="7"}]';
    const console = await ssh(source);
    expect((await rest('PUT', '/system/script', { name: 'opts', source })).status).toBe(201);
    const run = await rest('POST', '/system/script/run', { number: 'opts' });
    if (version === '7.15.3') {
      expect(console.output).toMatch(/expected end of command \(line 1 column \d+\)/);
      expect(run.status).toBe(400);
      expect(JSON.stringify(run.body)).toMatch(/expected end of command/);
      expect(await logs()).toEqual([]);
    } else {
      expect(run.status).toBe(200);
      expect(await logs()).toEqual(['{"n":"7"}', '{"n":"7"}']);
    }
  });
});
